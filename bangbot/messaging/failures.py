"""What a handler does when storage fails or another worker saved the same game first: retry, log, tell the person."""

from __future__ import annotations

import logging

from bangbot.i18n import Translator
from bangbot.messaging.storage_log import StorageFailures

log = logging.getLogger(__name__)
storage_failures = StorageFailures(log)  # the failures of commands and presses, logged together
RETRIES = 3  # attempts of a change that another worker's save made stale


def not_saved(tr: Translator) -> str:
    """Returns what a person is told when their change could not be saved: nothing happened, try again."""
    return tr.gettext("Not saved: the game did not change. Please try again in a moment.")
