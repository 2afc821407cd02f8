"""Lets the Munchkin tests import their position helpers (munchkin_positions.py);
the suite runs with --import-mode=importlib."""

import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).parent))
