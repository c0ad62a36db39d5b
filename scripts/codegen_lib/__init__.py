"""The generators of scripts/codegen, one module per language (see scripts/codegen.py)."""
