"""``--plot FILE.png``: each contract's distribution of points over the sampled
deals (needs the optional ``plot`` extra, matplotlib)."""
from __future__ import annotations

import os
from collections.abc import Sequence
from typing import TYPE_CHECKING

import numpy as np

from stichfest.contracts import contract_kind

from .errors import InputError, require_folder
from .evaluate import ContractResult, HandAnalysis

if TYPE_CHECKING:
    from matplotlib.figure import Figure

#: Most panels in one figure (the contracts in contention come first).
MAX_PANELS = 8


def require_matplotlib() -> None:
    """Fail early, before a long run, when matplotlib is missing."""
    try:
        import matplotlib  # noqa: F401
    except ImportError:
        raise InputError("plotting needs matplotlib: pip install -e \".[plot]\" "
                         "(in the stichfest folder)") from None


#: File types matplotlib writes with what it installs itself (Pillow for the raster ones);
#: not .pgf, which may call LaTeX.
PLOT_TYPES = ("png", "svg", "svgz", "pdf", "eps", "ps", "jpg", "jpeg", "tif", "tiff", "webp", "gif")


def check_plot_path(path: str) -> None:
    """Fail early, before a long run, where :func:`plot_points` could not
    write ``path``: matplotlib missing, a file type it does not write (by
    the extension; none means PNG), a folder that does not exist."""
    require_matplotlib()
    kind = os.path.splitext(path)[1].lstrip(".").lower()  # as savefig reads it ("png " is no type)
    if kind and kind not in PLOT_TYPES:
        raise InputError(f"cannot draw {path}: no plot is written as .{kind}; use .png, .svg or .pdf")
    require_folder(path)


def panel_title(row: ContractResult, by_payout: bool) -> str:
    """A panel's title: the contract and the mean the table shows for it.

    Where only the first deals were solved exactly (``points_samples``),
    the bars are those deals, but the mean is the table's: over every
    deal, each deal's level floor plus the exact deals' excess over it
    (:meth:`ContractResult.mean_points`), so plot and table agree."""
    if by_payout:
        return f"{row.name}: mean payout {row.payout.mean:.1f} over {row.samples} deals"
    points = row.mean_points
    assert row.points is not None and points is not None  # rows were chosen for their points
    if len(row.points) < row.samples:
        return (f"{row.name}: mean {points.mean:.1f} over {row.samples} deals "
                f"(bars: the first {len(row.points)}, solved exactly)")
    return f"{row.name}: mean {points.mean:.1f} over {row.samples} deals"


def plot_points(analysis: HandAnalysis, path: str) -> None:
    """Write :func:`points_figure` to ``path`` (its extension the file type;
    none: PNG)."""
    fig = points_figure(analysis)  # (it picks the Agg backend before pyplot loads)
    import matplotlib.pyplot as plt

    try:
        # the type said outright: without an extension matplotlib would write path + ".png"
        kind = os.path.splitext(path)[1].lstrip(".").lower() or "png"
        fig.savefig(path, dpi=100, format=kind)
    except OSError as e:
        raise InputError(f"cannot write {path}: {e.strerror}") from None
    except (RuntimeError, ValueError) as e:  # a file type matplotlib cannot write here
        raise InputError(f"cannot draw {path}: {' '.join(str(e).split())}") from None
    finally:
        plt.close(fig)


def points_figure(analysis: HandAnalysis) -> Figure:
    """Histogram of each contract's points per deal (card points; Jass points with
    last trick and match; Scharwenzel tricks), with the game's thresholds;
    the bars are shares of the contract's deals.

    Only contracts with exact points are drawn: those still in contention
    after the race (every one with ``race=False``), not the Touts.  With
    none (``points=False``) the payouts are drawn instead."""
    require_matplotlib()
    import matplotlib
    matplotlib.use("Agg")
    import matplotlib.pyplot as plt
    from matplotlib.ticker import PercentFormatter

    rows = [r for r in analysis.results if r.points is not None][:MAX_PANELS]
    by_payout = not rows
    if by_payout:
        rows = analysis.results[:MAX_PANELS]
    # Bin edges fall on the thresholds (31, 61, 91 and 0 alone; 79), so no bar straddles one.
    lines = contract_kind(analysis.game, rows[0].spec.name).thresholds if rows else ()
    edges: Sequence[float]
    if analysis.game == "schafkopf":
        edges, unit = range(-4, 122, 5), "card points of the declaring party"
    elif analysis.game == "jass":
        edges, unit = range(-1, 269, 10), "points of the declaring team"
    else:
        edges, lines, unit = [k - 0.5 for k in range(len(analysis.hand) + 2)], (), "tricks of the declaring party"
    two_line = any(r.single_dummy is not None for r in rows)  # the outline's mean on a line of its own
    fig, axes = plt.subplots(len(rows), 1, sharex=True, squeeze=False,
                             figsize=(7.5, (1.75 if two_line else 1.5) * len(rows) + 1.0))
    for ax, r in zip(axes[:, 0], rows):
        data = r.payouts if by_payout else r.points
        assert data is not None  # rows were chosen for their points unless plotting payouts
        sd = r.single_dummy.result if r.single_dummy is not None else None
        sd_data = None if sd is None else (sd.payouts if by_payout else sd.points)
        # every panel in shares of its deals, so that panels (and a single-dummy
        # outline, whose deals are fewer) read on one scale
        bins = 30 if by_payout else list(edges)
        ax.hist(data, bins=bins, color="#4c72b0", weights=np.full(len(data), 1 / len(data)))
        if sd_data is not None:
            ax.hist(sd_data, bins=bins, histtype="step", color="#dd8452", linewidth=1.5,
                    weights=np.full(len(sd_data), 1 / len(sd_data)))
        if not by_payout:
            for x in lines:
                ax.axvline(x, color="#c44e52", linewidth=0.8, linestyle="--")
        title = panel_title(r, by_payout)
        if sd_data is not None:
            title += f"\nsingle dummy (outline): mean {sd_data.mean():.1f} over {len(sd_data)} deals"
        ax.set_title(title, fontsize=9, loc="left")
        ax.tick_params(labelsize=8)
        ax.yaxis.set_major_formatter(PercentFormatter(1.0, decimals=0))
    fig.supylabel("share of deals", fontsize=9)
    axes[-1, 0].set_xlabel("payout of the declarer" if by_payout else unit, fontsize=9)
    fig.suptitle(f"{' '.join(map(str, analysis.hand))}: seat {analysis.seat}, "
                 f"{analysis.samples} deals, seed {analysis.seed}", fontsize=10)
    fig.tight_layout()
    return fig
