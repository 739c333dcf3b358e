"""The rules core imports nothing but the standard library and itself."""

from __future__ import annotations

import subprocess
import sys
import textwrap


def test_core_imports_without_telegram_database_or_gettext() -> None:
    code = textwrap.dedent(
        """
        import importlib, pkgutil, sys
        class Block:
            def find_spec(self, name, path=None, target=None):
                if name.split(".")[0] in {"telegram", "sqlmodel", "sqlalchemy", "gettext", "babel"}:
                    raise ImportError("blocked: " + name)
                return None
        sys.meta_path.insert(0, Block())
        import bangbot.core
        for m in pkgutil.iter_modules(bangbot.core.__path__):
            importlib.import_module("bangbot.core." + m.name)
        print("ok")
        """
    )
    result = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=False)
    assert result.returncode == 0, result.stderr
    assert result.stdout.strip() == "ok"
