"""Rules engines for four village-themed card games; pure Python, no Jupyter imports."""

__version__ = "0.1.0"
