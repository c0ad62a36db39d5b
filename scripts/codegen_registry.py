#!/usr/bin/env python3
"""Writes the registries of scripts/codegen_lib/registry.py under OUT_ROOT (run by scripts/codegen
before the core is compiled).

    codegen_registry.py OUT_ROOT
"""
import os
import sys

from codegen_lib import registry


def main():
    root = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
    for rel, text in registry.files(root).items():
        path = os.path.join(sys.argv[1], rel)
        os.makedirs(os.path.dirname(path), exist_ok=True)
        with open(path, "w") as f:
            f.write(text)


if __name__ == "__main__":
    main()
