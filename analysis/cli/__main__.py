"""``python -m stichfest.analysis.cli``: the ``stichfest`` command."""
from stichfest.analysis.cli import main

main()
