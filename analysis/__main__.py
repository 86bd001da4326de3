"""``python -m stichfest.analysis``: the ``stichfest`` command."""
from stichfest.analysis.cli import main

main()
