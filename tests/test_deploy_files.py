"""The deploy files name only settings the bot has, run the commands it has, and keep the token out of the
environment; production code never reaches fault injection."""

from __future__ import annotations

import re
import subprocess
import sys
from pathlib import Path

from bangbot.settings import SECRETS, BotSettings, file_variable, variable

ROOT = Path(__file__).parents[1]
DEPLOY_FILES = ("Dockerfile", "deploy/compose.yaml", "deploy/bangbot.service", "deploy/bangbot-purge.service")
VARIABLE = re.compile(r"\b((?:BANGBOT|DATABASE|TELEGRAM)_[A-Z_]+)\b")
FOREIGN = {"BANGBOT_DOMAIN", "BANGBOT_WORKERS"}  # compose's own variables (the host name, the number of workers)


def known_variables() -> set[str]:
    """Returns every variable the settings read, with the secrets' *_FILE variants."""
    names = {variable(name) for name in BotSettings.model_fields}
    return names | {"TELEGRAM_BOT_TOKEN"} | {file_variable(name) for name in SECRETS}


def test_deploy_files_name_only_settings_the_bot_reads() -> None:
    known = known_variables()
    for name in DEPLOY_FILES:
        used = set(VARIABLE.findall((ROOT / name).read_text())) - FOREIGN
        assert used and used <= known, (name, used - known)


def test_the_token_reaches_workers_as_a_file_and_the_image_runs_the_bot_unprivileged() -> None:
    unit = (ROOT / "deploy/bangbot.service").read_text()
    assert "LoadCredential=token:" in unit and "Environment=BANGBOT_TOKEN_FILE=%d/token" in unit
    assert "ExecStart=/opt/bangbot/bin/bangbot bot" in unit
    compose = (ROOT / "deploy/compose.yaml").read_text()
    assert "BANGBOT_TOKEN_FILE: /run/secrets/token" in compose and "BANGBOT_TOKEN:" not in compose
    assert "replicas:" in compose and "BANGBOT_WEBHOOK_URL:" in compose
    assert "reverse_proxy" in (ROOT / "deploy/Caddyfile").read_text()
    image = (ROOT / "Dockerfile").read_text()
    assert image.count("FROM ") == 2 and "[postgres]" in image and 'ENTRYPOINT ["bangbot", "bot"]' in image
    users = re.findall(r"^USER (\S+)", image, re.MULTILINE)
    assert users and users[-1].split(":")[0] not in ("root", "0")


def test_production_code_never_reads_the_fault_switches() -> None:
    sources = [p for p in (ROOT / "bangbot").rglob("*.py")]
    assert not [p for p in sources if "BANGBOT_FAULT" in p.read_text() or "BANGBOT_FULL_DISK" in p.read_text()]
    probe = (
        "import sys, bangbot.cli, bangbot.telegram.app, bangbot.storage.db;"
        "print(sorted(m for m in sys.modules if m.startswith('tools')))"
    )
    done = subprocess.run([sys.executable, "-c", probe], capture_output=True, text=True, timeout=120, check=True)
    assert done.stdout == "[]\n"
