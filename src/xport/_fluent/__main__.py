"""``python -m xport._fluent``: rewrite ``api.py`` from the standard's signatures."""

import sys

from .table import API_PATH, api_source, methods

API_PATH.write_text(api_source(methods()))
sys.stdout.write(f"wrote {API_PATH}\n")
