"""The bangbot command with the fault hooks that BANGBOT_FAULT and BANGBOT_FULL_DISK ask for: how the fault tests and
benches start the bot (`python -m tools.faulty_bot`); `bangbot bot` itself never reads those variables."""

from __future__ import annotations

import os

from bangbot.cli import main
from tools.faults import install

if __name__ == "__main__":
    install(os.environ)
    main()
