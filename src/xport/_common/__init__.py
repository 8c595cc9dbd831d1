"""Mechanisms shared by the backends, written once and bound per backend at import."""
