"""``stichfest serve``: a local web page that does what the command line does, with clicks.

:mod:`.app` has the routes (one static page and a JSON API), :mod:`.jobs`
the background work; the page itself is ``static/`` (no build step).
Needs the ``web`` extra (Starlette and uvicorn).
"""
