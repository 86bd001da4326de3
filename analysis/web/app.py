"""The page's routes: one static page and a JSON API over the library.

Every ``/api/...`` endpoint takes and gives JSON; bad input is HTTP 400 with
``{"error": "one line"}``, too much work at once HTTP 429.  Searches never
run on the event loop: a position is solved on a small thread pool (the
search releases the GIL), analyses are jobs (:mod:`.jobs`) whose progress
streams as server-sent events.
"""
from __future__ import annotations

import asyncio
import base64
import json
import random
import re
from collections.abc import AsyncIterator, Callable, Mapping
from concurrent.futures import ThreadPoolExecutor
from contextlib import asynccontextmanager
from importlib import resources
from typing import Any

from starlette.applications import Starlette
from starlette.requests import Request
from starlette.responses import FileResponse, JSONResponse, Response, StreamingResponse
from starlette.routing import Mount, Route
from starlette.staticfiles import StaticFiles

from stichfest import Position
from stichfest.analysis.announce import bidding_predicates, parse_seats
from stichfest.analysis.defence import DefenceAnalysis, check_defence, evaluate_defence
from stichfest.analysis.errors import USER_ERRORS, InputError
from stichfest.analysis.evaluate import (
    POINTS_SAMPLES,
    HandAnalysis,
    _checked_hand,
    contracts_for_hand,
    evaluate_hand,
    passed_game,
    select_contracts,
)
from stichfest.analysis.executor import open_executor
from stichfest.analysis.ranking import DEFAULT_RANKING, check_outbid, outbidding, parse_outbid, parse_ranking
from stichfest.analysis.render import contract_title, sort_hand
from stichfest.analysis.scoring import load_tariff
from stichfest.cards import (
    DEALINGS,
    GAME_DECK,
    SUIT_LETTERS,
    SUIT_NAMES,
    Card,
    deck_cards,
    either,
    players_of,
)
from stichfest.contracts import (
    CALLABLE_SUITS,
    CONTRACTS,
    GAMES,
    NEEDS_TRUMP,
    TOUT_CONTRACTS,
    callable_suits,
    contract_kind,
)
from stichfest.deals import deck, position_json, random_deal
from stichfest.position import RULE_DEFAULTS, PositionError, parse_json
from stichfest.search import default_solver

from .jobs import Job, JobManager, JobProgress, TooBusy, page_words

#: Bounds on what one request may ask.
MAX_SAMPLES = 5000
MAX_DD_SAMPLES = 2000
MAX_REVIEW_SAMPLES = 500  # per card judged on the player's information
MAX_BODY = 64 * 1024
MAX_QUEUED_SOLVES = 8
STATIC = resources.files("stichfest.analysis.web") / "static"


class BadRequest(Exception):
    """HTTP 400 with this one-line message."""


class NotFound(Exception):
    """HTTP 404 with this one-line message (a job id the server does not know)."""


NO_JOB = "no such job (finished long ago, cancelled, or never started)"


def _error(message: str, status: int = 400) -> JSONResponse:
    return JSONResponse({"error": page_words(message)}, status_code=status)


async def _body(request: Request) -> dict[str, Any]:
    # Refused before it is read (by its declared length) or while it is read
    # (a body sent in chunks): a body of gigabytes must not fill the memory
    # first and be refused after.
    declared = request.headers.get("content-length", "")
    if declared.isdigit() and int(declared) > MAX_BODY:
        raise BadRequest(f"the request is too large ({declared} bytes, at most {MAX_BODY})")
    chunks: list[bytes] = []
    size = 0
    async for chunk in request.stream():
        size += len(chunk)
        if size > MAX_BODY:
            raise BadRequest(f"the request is too large (more than {MAX_BODY} bytes)")
        chunks.append(chunk)
    try:
        # decoded as the command line decodes a position (a key given twice
        # refused, no traceback for deep nesting or a number of thousands of digits)
        data = parse_json(b"".join(chunks) or b"{}")
    except PositionError as e:
        raise BadRequest(f"the request is not valid JSON ({str(e).removeprefix('invalid JSON: ')})") from None
    if not isinstance(data, dict):
        raise BadRequest("the request must be a JSON object")
    return data


def _int(data: Mapping[str, Any], key: str, default: int | None, lo: int, hi: int) -> int:
    value = data.get(key, default)
    if value is None or value == "":
        if default is None:
            raise BadRequest(f"{key} is missing")
        value = default
    if isinstance(value, str) and re.fullmatch(r"-?[0-9]+", value.strip()):
        if len(value.strip().lstrip("-")) > 30:  # int() refuses 4,300 digits; no field takes 30
            raise BadRequest(f"{key} must be {lo}..{hi}")
        value = int(value)
    if isinstance(value, int) and value.bit_length() > 100:  # a 4,300-digit number cannot even be printed
        raise BadRequest(f"{key} must be {lo}..{hi}")
    if isinstance(value, bool) or not isinstance(value, int):
        raise BadRequest(f"{key} must be a whole number, got {value!r}")
    if not lo <= value <= hi:
        raise BadRequest(f"{key} must be {lo}..{hi}, got {value}")
    return value


def _str(data: Mapping[str, Any], key: str, default: str | None = None) -> str | None:
    value = data.get(key, default)
    if value is None or value == "":
        return default
    if not isinstance(value, str):
        raise BadRequest(f"{key} must be text, got {value!r}")
    return value.strip()


def _choice(data: Mapping[str, Any], key: str, choices: tuple[str, ...], default: str | None = None) -> str:
    value = _str(data, key, default)
    if value is None:
        raise BadRequest(f"{key} is missing (one of {', '.join(choices)})")
    if value.lower() not in choices:
        raise BadRequest(f"unknown {key} {value!r} (one of {', '.join(choices)})")
    return value.lower()


def _settings(data: Mapping[str, Any], key: str) -> dict[str, Any]:
    value = data.get(key) or {}
    if not isinstance(value, dict):
        raise BadRequest(f"{key} must be an object of settings")
    return value


def _position(data: Mapping[str, Any], key: str = "position") -> Position:
    value = data.get(key)
    if value is None:
        raise BadRequest(f"{key} is missing")
    if not isinstance(value, dict | str):
        raise BadRequest(f"{key} must be a position (a JSON object)")
    return Position.from_json(value)


# ---------------------------------------------------------------------------
# What the page shows of a position
def position_view(pos: Position) -> dict[str, Any]:
    """The hands left, the trick on the table and the tricks so far, for drawing."""
    st = pos.state()
    hands: list[list[str] | None] = []
    for seat, dealt in enumerate(pos.deal):
        if dealt is None:
            hands.append(None)
            continue
        hands.append([str(c) for c in sort_hand(pos, dealt) if st.hands[seat] >> c.index & 1])
    deck_name = GAME_DECK[pos.game]
    tricks = [{"leader": leader, "cards": [str(Card(c, deck_name)) for c in cards], "winner": winner}
              for leader, cards, winner in st.history]
    finished = st.finished
    return {
        "position": pos.to_json(), "title": contract_title(pos), "declarer": pos.declarer,
        "party": sorted(pos.declaring_party), "hands": hands,
        "trick": {"leader": st.leader, "cards": [str(Card(c, deck_name)) for c in st.trick]},
        "tricks": tricks, "to_move": None if finished else st.to_move, "finished": finished,
        "so_far": pos.value_so_far(st), "unit": "tricks" if pos.scores_tricks else "points",
        "legal": [] if finished or any(h is None for h in pos.deal) else [str(c) for c in st.legal_cards()],
        "thresholds": level_thresholds(pos),
    }


def level_thresholds(pos: Position) -> list[int]:
    """The values at which the declaring party's outcome level changes
    (Schafkopf 31, 61, 91; a Tout every trick; Jass 79 and the match; a
    Scharwenzel majority...), from the value alone as the review judges it:
    the page colours a card that changes the level as a bad one, however
    few points it costs.  Empty for Ramsch, which has no levels."""
    from stichfest.analysis.review import points_level
    t = pos.table
    top = pos.n_tricks if pos.scores_tricks else (
        sum(t.points[c.index] for c in deck_cards(pos.game, pos.n_seats, pos.hand_size))
        + t.last_trick_bonus + t.match_bonus)
    levels = [points_level(pos, v) for v in range(top + 1)]
    return [v for v in range(1, top + 1) if levels[v] != levels[v - 1] and levels[v] is not None]


def meta() -> dict[str, Any]:
    """What the page needs to build its forms: games, contracts, decks, defaults."""
    games = {}
    for g in GAMES:
        d = GAME_DECK[g]
        games[g] = {
            "deck": [str(c) for c in deck(g)], "suits": SUIT_LETTERS[d], "suit_names": list(SUIT_NAMES[d]),
            "players": sorted(players_of(g)),
            # the cards in play for each number of players (the long dealing: Schafkopf for three 24)
            "decks": {str(n): [str(c) for c in deck_cards(g, n, max(sizes))]
                      for (game, n), sizes in DEALINGS.items() if game == g},
            "contracts": [{"name": c, "title": contract_kind(g, c).title, "trump": (g, c) in NEEDS_TRUMP,
                           "tout": contract_kind(g, c).tout_allowed, "called": c == "sauspiel",
                           "players": _contract_players(g, c)}
                          for c in CONTRACTS[g]],
        }
    return {"games": games, "rules": RULE_DEFAULTS, "tariff": load_tariff().to_json(),
            "tout_contracts": list(TOUT_CONTRACTS), "max_samples": MAX_SAMPLES, "review": _review_available()}


def _contract_players(game: str, contract: str) -> list[int] | None:
    """The numbers of players a contract is played by (None: any the game is dealt to)."""
    players = contract_kind(game, contract).players
    return None if players is None else sorted(players)


def _review_available() -> bool:
    try:
        from stichfest.analysis import review  # noqa: F401
    except ImportError:
        return False
    return True


# ---------------------------------------------------------------------------
# Work done on threads
def _solve(pos: Position) -> dict[str, Any]:
    view = position_view(pos)
    if view["finished"]:
        view["value"] = view["so_far"]
        view["moves"], view["pv"] = {}, []
        return view
    result = default_solver().solve(pos)
    view.update(value=result.value, moves={str(c): v for c, v in result.moves.items()},
                pv=[str(c) for c in result.pv], maximizing=sorted(pos.maximizing_seats))
    return view


def _analysis_work(args: dict[str, Any], workers: int) -> Callable[[JobProgress], Any]:
    def work(progress: JobProgress) -> HandAnalysis:
        progress.relabel("sampling", total=args["samples"], done=0)
        with open_executor(workers) as executor:
            return evaluate_hand(args["game"], args["hand"], args["seat"], args["leader"],
                                 samples=args["samples"], seed=args["seed"], tariff=args["tariff"],
                                 contracts=args["contracts"], rules=args["rules"], race=args["race"],
                                 points=args["points"], executor=executor, progress=progress,
                                 players=args["players"], play=args["play"], passed=args["passed"],
                                 points_samples=args["points_samples"], outbid=args["outbid"],
                                 ranking=args["ranking"])
    return work


def _defence_work(args: dict[str, Any], workers: int) -> Callable[[JobProgress], Any]:
    """The defenders' view (``analyze --declarer --contract``): the declarer's contract seen from the
    viewer's seat, with the analysis job's arguments."""
    def work(progress: JobProgress) -> DefenceAnalysis:
        progress.relabel("sampling", total=args["samples"], done=0)
        with open_executor(workers) as executor:
            return evaluate_defence(args["game"], args["hand"], args["seat"], args["leader"],
                                    contract=args["contract"], declarer=args["declarer"],
                                    samples=args["samples"], seed=args["seed"], tariff=args["tariff"],
                                    rules=args["rules"], points=args["points"],
                                    points_samples=args["points_samples"], executor=executor, progress=progress,
                                    players=args["players"], play=args["play"], passed=args["passed"])
    return work


def _tout_work(pos: Position, target: int | None, samples: int, seed: int) -> Callable[[JobProgress], Any]:
    def work(progress: JobProgress) -> dict[str, Any]:
        from stichfest.analysis.cli.text import render_guarantee
        from stichfest.analysis.tout import DEFAULT_MAX_NODES, STANDARD_LINE, SearchLimit, dd_share, guarantee
        progress.relabel("searching", total=1, done=0)
        try:
            result = guarantee(pos, target)
        except SearchLimit:  # its message says to raise max_nodes, which the page has not
            raise InputError(f"no answer within the {DEFAULT_MAX_NODES:,} positions this page searches; "
                             "`stichfest tout --max-nodes` can search longer") from None
        progress.relabel("sampling", total=max(1, samples), done=0)
        share = dd_share(pos, target, samples, seed, progress=progress) if samples else None
        out = result.to_json()
        out.update(position=pos.to_json(), text=render_guarantee(result, share, page_budget=DEFAULT_MAX_NODES))
        if "plan" in out:
            out["standard_line"] = STANDARD_LINE
        if share is not None:
            out.update(dd_share=share.share, dd_interval=list(share.interval), samples=share.samples)
        return out
    return work


def _review_work(pos: Position, information: bool, samples: int, seed: int,
                 workers: int) -> Callable[[JobProgress], Any]:
    def work(progress: JobProgress) -> dict[str, Any]:
        from stichfest.analysis.review import review_game
        with open_executor(workers if information else 1) as executor:
            result = review_game(pos, information=information, samples=samples, seed=seed,
                                 executor=executor, progress=progress)
        out: dict[str, Any] = result.to_json()
        out.update(position=pos.to_json(), view=position_view(pos.with_play(())))
        return out
    return work


def _puzzle_work(game: str, contract: str | None, goal: str | None, tricks: int | None, seed: int,
                 difficulty: str | None, players: int) -> Callable[[JobProgress], Any]:
    def work(progress: JobProgress) -> dict[str, Any]:
        from stichfest.analysis.puzzle import generate
        from stichfest.analysis.render import score
        from stichfest.analysis.svg import puzzle_svg
        progress.relabel("searching", total=1, done=0)
        (p,) = generate(game, contract, tricks=tricks, count=1, seed=seed, difficulty=difficulty, goal=goal,
                        players=players)
        out = p.to_json()
        sc = score(p.position, p.target)
        # what the command line tells beside the question: the contract, the score and what the goal needs
        out.update(svg=puzzle_svg(p), view=position_view(p.position), intro=(
            f"{contract_title(p.position)}. Score after {sc.played} of {sc.tricks} tricks: declaring side "
            f"{sc.of(sc.declaring)}, the others {sc.others}. Goal: {sc.goal(p.goal)}, {sc.needed} more."))
        return out
    return work


# ---------------------------------------------------------------------------
def create_app(*, workers: int = 1, max_jobs: int = 2, keep_seconds: float = 600.0) -> Starlette:
    """The application; ``workers`` processes per analysis (1: its own thread)."""
    jobs = JobManager(max_jobs=max_jobs, keep_seconds=keep_seconds)
    solves = ThreadPoolExecutor(max_workers=2, thread_name_prefix="stichfest-solve")
    queued = 0

    def api(handler: Callable[[Request], Any]) -> Callable[[Request], Any]:
        async def endpoint(request: Request) -> Response:
            try:
                out = await handler(request)
            except BadRequest as e:
                return _error(str(e))
            except NotFound as e:
                return _error(str(e), 404)
            except USER_ERRORS as e:
                return _error(str(e))
            except TooBusy as e:
                return _error(str(e), 429)
            except Exception as e:  # a bug: one line for the page, and the server goes on
                return _error(f"internal error: {type(e).__name__}: {e}", 500)
            return out if isinstance(out, Response) else JSONResponse(out)
        return endpoint

    async def on_thread(fn: Callable[..., Any], *args: Any) -> Any:
        nonlocal queued
        if queued >= MAX_QUEUED_SOLVES:
            raise TooBusy(f"{queued} positions are being solved; try again in a moment")
        queued += 1
        try:
            return await asyncio.wrap_future(solves.submit(fn, *args))
        finally:
            queued -= 1

    def started(job: Job) -> dict[str, Any]:
        return {"job": job.id, "status": job.status()}

    def job_of(request: Request) -> Job:
        job = jobs.get(request.path_params["job_id"])
        if job is None:
            raise NotFound(NO_JOB)
        return job

    async def index(request: Request) -> Response:
        return FileResponse(str(STATIC / "index.html"))

    async def get_meta(request: Request) -> Any:
        return meta()

    async def solve(request: Request) -> Any:
        pos = _position(await _body(request))
        return await on_thread(_solve, pos)

    async def deal(request: Request) -> Any:
        data = await _body(request)
        game = _choice(data, "game", GAMES, "schafkopf")
        contract = _choice(data, "contract", CONTRACTS[game], CONTRACTS[game][0])
        players = _int(data, "players", 4, 3, 8)
        if players not in players_of(game):
            raise BadRequest(f"{game} is not dealt to {players} players (it is dealt to "
                             f"{either(players_of(game))})")
        declarer = _int(data, "declarer", 0, 0, players - 1)
        leader = _int(data, "leader", 0, 0, players - 1)
        seed = _int(data, "seed", 0, 0, 2**31 - 1)
        letters = SUIT_LETTERS[GAME_DECK[game]]
        trump = _str(data, "trump")
        called = _str(data, "called")
        if trump and (game, contract) not in NEEDS_TRUMP:
            raise BadRequest(f"{game} {contract} takes no trump")
        if called and contract != "sauspiel":
            raise BadRequest(f"{game} {contract} calls no Sau")
        if contract == "sauspiel" and called:
            plain = [letters[i] for i in CALLABLE_SUITS]
            if called.upper() not in plain:
                raise BadRequest(f"unknown called suit {called!r}: the Sau called is one of {', '.join(plain)}")
        rng = random.Random(seed)
        for _ in range(200):
            hands = random_deal(rng, game, players)
            suits = callable_suits(hands[declarer]) if contract == "sauspiel" else []
            if contract != "sauspiel":
                break
            if called and called.upper() in letters and letters.index(called.upper()) in suits:
                break
            if not called and suits:
                called = letters[rng.choice(suits)]
                break
        else:
            raise BadRequest(f"no deal with seed {seed} lets seat {declarer} call {called}")
        data_pos = position_json(game, contract, hands, declarer=declarer, leader=leader,
                                 tout=bool(data.get("tout")) and contract_kind(game, contract).tout_allowed)
        if (game, contract) in NEEDS_TRUMP:
            data_pos["trump"] = trump or letters[rng.randrange(4)]
        if contract == "sauspiel":
            data_pos["called"] = called
        return position_view(Position.from_json(data_pos))

    async def view(request: Request) -> Any:
        return position_view(_position(await _body(request)))

    async def analyze(request: Request) -> Any:
        data = await _body(request)
        game = _choice(data, "game", GAMES, "schafkopf")
        hand = _str(data, "hand")
        if not hand:
            raise BadRequest("pick the cards of your hand (or paste them)")
        contracts = _str(data, "contracts")
        # seats up to 7 (Scharwenzel for eight); the hand's own game checks them against its players
        declarer = None if data.get("declarer") in (None, "") else _int(data, "declarer", None, 0, 7)
        contract = _str(data, "contract")
        # the CLI's rules for the defenders' view (--declarer, --contract)
        if (declarer is None) != (contract is None):
            raise BadRequest("declarer and contract go together: the seat that announced and its contract")
        if declarer is not None and contracts:
            raise BadRequest("contracts lists the viewer's own contracts; with declarer give contract")
        args: dict[str, Any] = {
            "game": game, "hand": hand, "seat": _int(data, "seat", 0, 0, 7), "leader": _int(data, "leader", 0, 0, 7),
            "samples": _int(data, "samples", 200, 1, MAX_SAMPLES), "seed": _int(data, "seed", 0, 0, 2**31 - 1),
            "tariff": load_tariff(None, _settings(data, "tariff"), game), "rules": _settings(data, "rules"),
            "contracts": [c.strip() for c in contracts.split(",") if c.strip()] if contracts else None,
            "race": data.get("race", True) is not False, "points": data.get("points", True) is not False,
            "players": _int(data, "players", 0, 0, 8) or None,
            "play": _choice(data, "play", ("double-dummy", "both"), "double-dummy"),
            "passed": parse_seats(passed) if (passed := _str(data, "passed")) else (),
            "outbid": parse_outbid(outbid) if (outbid := _str(data, "outbid")) else None,
            "ranking": parse_ranking(ranking) if (ranking := _str(data, "ranking")) else None,
            "points_samples": _int(data, "points_samples", POINTS_SAMPLES, 2, MAX_SAMPLES),
        }
        # The checks that need no sampling, here, so bad input is a 400 and not a failed job.
        if args["ranking"] is not None and args["outbid"] is None:
            raise BadRequest("ranking orders the games for outbid; give outbid too")
        if declarer is not None:
            assert contract is not None  # checked above: they go together
            if args["outbid"] is not None:
                raise BadRequest("outbid is for your own contracts, not with a declarer")
            cards, n_seats, spec = check_defence(game, hand, args["seat"], args["leader"], contract=contract,
                                                 declarer=declarer, rules=args["rules"], players=args["players"])
            # which seats may have passed before the declarer announced, as the CLI checks
            bidding_predicates(game, n_seats, args["passed"], None, declarer=declarer, viewer=args["seat"],
                               contract=spec, hand=cards, leader=args["leader"])
            args.update(declarer=declarer, contract=contract)
            return started(jobs.submit("analyze", _defence_work(args, workers)))
        cards, n_seats = _checked_hand(game, hand, args["seat"], args["leader"], args["rules"], args["players"])
        if args["contracts"]:
            passed_game(select_contracts(contracts_for_hand(game, cards, n_seats), args["contracts"], n_seats),
                        args["rules"], args["contracts"])
        # which seats may have passed (those between the leader and the viewer), as the CLI checks
        bidding_predicates(game, n_seats, args["passed"], None, declarer=args["seat"], viewer=args["seat"],
                           hand=cards, leader=args["leader"])
        if args["outbid"] is not None:  # a contract the hand may outbid it with, as the CLI checks
            their_seat, theirs = check_outbid(game, n_seats, args["seat"], args["seat"], args["passed"],
                                              args["outbid"])
            outbidding(contracts_for_hand(game, cards, n_seats), args["seat"], theirs, their_seat, args["leader"],
                       n_seats, args["ranking"] or DEFAULT_RANKING)
        return started(jobs.submit("analyze", _analysis_work(args, workers)))

    async def tout(request: Request) -> Any:
        from stichfest.analysis.tout import hand_position
        data = await _body(request)
        contract = _choice(data, "contract", TOUT_CONTRACTS)
        hand = _str(data, "hand")
        if not hand:
            raise BadRequest("pick the declarer's cards (or paste them)")
        players = _int(data, "players", 4, 3, 4)
        seat = _int(data, "seat", 0, 0, players - 1)
        leader = _int(data, "leader", seat, 0, players - 1)
        trump = _str(data, "trump")
        needs = ("schafkopf", contract) in NEEDS_TRUMP
        if needs and not trump:
            raise BadRequest(f"{contract} needs a trump suit (E, G, H or S)")
        if trump and not needs:
            raise BadRequest(f"schafkopf {contract} takes no trump")
        target = data.get("target")
        if target in (None, "", "tout"):
            target = None
        else:
            target = _int(data, "target", None, 0, 120)
        pos = hand_position(contract, hand, seat, leader, trump=trump, tout=target is None, players=players)
        samples = _int(data, "samples", 0, 0, MAX_DD_SAMPLES)
        seed = _int(data, "seed", 0, 0, 2**31 - 1)
        return started(jobs.submit("tout", _tout_work(pos, target, samples, seed)))

    async def puzzle(request: Request) -> Any:
        from stichfest.analysis.puzzle import GOALS, LEVELS, check_arguments
        data = await _body(request)
        game = _choice(data, "game", GAMES, "schafkopf")
        contract = _str(data, "contract")
        if contract and contract not in CONTRACTS[game]:
            raise BadRequest(f"unknown contract {contract!r} for {game}")
        goal = _str(data, "goal")
        if goal and goal not in GOALS[game]:
            raise BadRequest(f"unknown goal {goal!r} for {game} (one of {', '.join(GOALS[game])})")
        difficulty = _str(data, "difficulty")
        if difficulty and difficulty not in LEVELS:
            raise BadRequest(f"unknown difficulty {difficulty!r} (one of {', '.join(LEVELS)})")
        tricks = _int(data, "tricks", 4, 2, 9)
        seed = _int(data, "seed", 0, 0, 2**31 - 1)
        players = _int(data, "players", 4, 3, 8)
        # every check generate makes before it searches, here: bad input is a 400, not a failed job
        check_arguments(game, contract or None, tricks, 1, difficulty or None, goal or None, players)
        return started(jobs.submit("puzzle", _puzzle_work(game, contract, goal, tricks, seed, difficulty,
                                                          players)))

    async def review(request: Request) -> Any:
        if not _review_available():
            return _error("review is not available in this version of stichfest", 501)
        from stichfest.analysis.review import load_record
        data = await _body(request)
        record = data.get("position")
        if record is None:
            raise BadRequest("position is missing (the game record: a position with its play)")
        if not isinstance(record, dict | str):
            raise BadRequest("position must be a game record (a JSON object: a position with its play)")
        pos = load_record(record)
        information = data.get("information") is True
        # the samples field only counts for the information estimate; off, it is not checked
        samples = _int(data, "samples", 100, 1, MAX_REVIEW_SAMPLES) if information else 100
        seed = _int(data, "seed", 0, 0, 2**31 - 1)
        return started(jobs.submit("review", _review_work(pos, information, samples, seed, workers)))

    def job_json(job: Job) -> dict[str, Any]:
        out: dict[str, Any] = {"status": job.status()}
        if job.state == "done":
            result = job.result
            if isinstance(result, HandAnalysis):
                out["result"] = result.to_json()
                out["plot"] = f"/api/jobs/{job.id}/plot.png" if _has_matplotlib() else None
            elif isinstance(result, DefenceAnalysis):
                out["result"] = result.to_json()
            else:
                out["result"] = result
        return out

    async def get_job(request: Request) -> Any:
        return job_json(job_of(request))

    async def cancel_job(request: Request) -> Any:
        job = jobs.cancel(request.path_params["job_id"])
        if job is None:
            raise NotFound(NO_JOB)
        return {"status": job.status()}

    async def events(request: Request) -> Response:
        job = job_of(request)

        async def stream() -> AsyncIterator[str]:
            try:
                last = None
                while True:
                    # The end is judged by the status just sent, not by the job
                    # read again: a job finishing between the two reads ended the
                    # stream without its last state, and the page said it had lost
                    # the connection (seen once in 10 to 50 browser-test runs).
                    status = job.status()
                    if status != last:
                        yield f"data: {json.dumps(status)}\n\n"
                        last = status
                    if status["state"] != "running":
                        return
                    await asyncio.sleep(0.15)
            finally:
                # The tab closed (or the stream ended): an unfinished job is of no use to anyone.
                if job.state == "running":
                    jobs.cancel(job.id)

        return StreamingResponse(stream(), media_type="text/event-stream",
                                 headers={"Cache-Control": "no-cache", "X-Accel-Buffering": "no"})

    async def plot(request: Request) -> Response:
        job = job_of(request)
        if job.state != "done" or not isinstance(job.result, HandAnalysis):
            raise BadRequest("the plot needs a finished hand analysis")
        if not _has_matplotlib():
            return _error("plotting needs matplotlib: pip install 'stichfest[plot]'", 501)
        png = await on_thread(_plot_png, job.result)
        return Response(png, media_type="image/png")

    @asynccontextmanager
    async def lifespan(app: Starlette) -> AsyncIterator[None]:
        yield
        jobs.shutdown()
        solves.shutdown(wait=False, cancel_futures=True)

    routes = [
        Route("/", index),
        Route("/api/meta", api(get_meta)),
        Route("/api/solve", api(solve), methods=["POST"]),
        Route("/api/deal", api(deal), methods=["POST"]),
        Route("/api/view", api(view), methods=["POST"]),
        Route("/api/analyze", api(analyze), methods=["POST"]),
        Route("/api/tout", api(tout), methods=["POST"]),
        Route("/api/puzzle", api(puzzle), methods=["POST"]),
        Route("/api/review", api(review), methods=["POST"]),
        Route("/api/jobs/{job_id}", api(get_job)),
        Route("/api/jobs/{job_id}/cancel", api(cancel_job), methods=["POST"]),
        Route("/api/jobs/{job_id}/events", api(events)),
        Route("/api/jobs/{job_id}/plot.png", api(plot)),
        Mount("/static", StaticFiles(directory=str(STATIC)), name="static"),
    ]
    app = Starlette(routes=routes, lifespan=lifespan)
    app.state.jobs = jobs
    return app


def _has_matplotlib() -> bool:
    try:
        import matplotlib  # noqa: F401
    except ImportError:
        return False
    return True


def _plot_png(analysis: HandAnalysis) -> bytes:
    import os
    import tempfile

    from stichfest.analysis.plot import plot_points
    fd, path = tempfile.mkstemp(suffix=".png")
    os.close(fd)
    try:
        plot_points(analysis, path)
        with open(path, "rb") as f:
            return f.read()
    finally:
        os.unlink(path)


def encode_position(pos: Position) -> str:
    """The position as base64url JSON, as the page keeps it in its address."""
    raw = json.dumps(pos.to_json(), separators=(",", ":")).encode()
    return base64.urlsafe_b64encode(raw).decode().rstrip("=")

