"""The bot's settings: one model read from the environment (BANGBOT_*, DATABASE_URL, TELEGRAM_BOT_TOKEN), its secrets
also from files (BANGBOT_TOKEN_FILE, BANGBOT_WEBHOOK_SECRET_FILE, DATABASE_URL_FILE), a bad value said in one line.

A new setting is one field with its default: `owner_id: int | None = None` is read from BANGBOT_OWNER_ID.
"""

from __future__ import annotations

import hashlib
import os
from dataclasses import dataclass
from pathlib import Path
from typing import Annotated, Any, Literal

from pydantic import AliasChoices, BeforeValidator, Field, ValidationError, ValidationInfo, field_validator
from pydantic.fields import FieldInfo
from pydantic_settings import BaseSettings, NoDecode, PydanticBaseSettingsSource, SettingsConfigDict
from sqlalchemy.engine import make_url
from sqlalchemy.exc import ArgumentError

from bangbot.i18n import N_, Translator
from bangbot.storage.deferred import HELD_SECONDS

PREFIX = "BANGBOT_"
TOKEN_VARIABLES = ("BANGBOT_TOKEN", "TELEGRAM_BOT_TOKEN")
DATABASE_VARIABLE = "DATABASE_URL"
SECRETS = ("token", "webhook_secret", "database_url")  # never printed whole; each also read from <VARIABLE>_FILE
DATABASE_FILE = "bangbot.sqlite3"
MASK = "********"
WEBAPP_NAME = r"^[A-Za-z0-9_]{3,30}$"  # a Mini App's short name, as BotFather's /newapp takes it
BOARD_PATH = "/app/"  # where the bot's web server serves the board


@dataclass(frozen=True)
class BoardAddress:
    """The Mini App of the board: its short name (t.me/<bot>/<name>) and its page's https address."""

    name: str
    page: str


def board_page(url: str | None, webhook_url: str | None) -> str | None:
    """Returns the board page's https address: the one set, else /app/ on the webhook's host; None without either."""
    if url:
        return url
    if webhook_url and webhook_url.startswith("https://"):
        return "https://" + webhook_url.removeprefix("https://").split("/", 1)[0] + BOARD_PATH
    return None


def group_timing_defaults() -> dict[str, str]:
    """Returns the bot's own group merge window, quiet turn and hold as the environment variables that set them."""
    names = ("group_merge_seconds", "group_quiet_seconds", "group_hold_seconds")
    return {PREFIX + name.upper(): str(BotSettings.default(name)) for name in names}


def default_data_dir() -> Path:
    """Returns where the bot keeps its data by default: $XDG_DATA_HOME/bangbot, else ~/.local/share/bangbot."""
    base = os.environ.get("XDG_DATA_HOME") or str(Path.home() / ".local" / "share")
    return Path(base).expanduser().absolute() / "bangbot"


def sqlite_url(folder: Path) -> str:
    """Returns the URL of the default SQLite database in a data folder."""
    return f"sqlite:///{folder / DATABASE_FILE}"


def parse_rate(text: object) -> object:
    """Returns (messages, seconds) from 'N/S' (anything else unchanged, for the type check to refuse)."""
    if not isinstance(text, str):
        return text
    count, _, seconds = text.partition("/")
    try:
        return int(count), float(seconds)
    except ValueError:
        return text


Rate = Annotated[
    tuple[Annotated[int, Field(ge=1)], Annotated[float, Field(gt=0)]], NoDecode, BeforeValidator(parse_rate)
]
LogLevel = Literal["DEBUG", "INFO", "WARNING", "ERROR", "CRITICAL"]
LogFormat = Literal["text", "json"]


class BotSettings(BaseSettings):
    """The bot's token, database, data folder, Bot API address, webhook, timer and logging settings."""

    model_config = SettingsConfigDict(
        env_prefix=PREFIX, frozen=True, extra="ignore", env_ignore_empty=True, validate_by_name=True
    )

    token: str = Field(default="", validation_alias=AliasChoices(*TOKEN_VARIABLES))
    data_dir: Path = Field(default_factory=default_data_dir, description=N_("a folder"))
    database_url: str = Field(
        default_factory=lambda data: sqlite_url(data["data_dir"]),
        validation_alias=AliasChoices(DATABASE_VARIABLE),
        description=N_("a database URL such as postgresql+psycopg://user:password@host/bangbot"),
    )
    api_url: str | None = None
    webhook_url: str | None = None
    webhook_listen: str = "0.0.0.0"
    webhook_port: int = Field(default=8443, ge=1, le=65535, description=N_("a port number from 1 to 65535"))
    webhook_path: str = "telegram"
    webhook_secret: str | None = None
    set_webhook: bool = True
    tick_seconds: float = Field(default=30.0, gt=0, description=N_("a number of seconds above 0"))
    group_rate: Rate = Field(default=(20, 60.0), description=N_("messages/seconds, for example 20/60"))
    group_merge_seconds: float = 1.5  # quick moves of one turn share the group's edits (~20 requests a minute)
    group_quiet_seconds: float = 6.0  # a turn's moves are shown to the group once it was quiet this long...
    group_hold_seconds: float = 30.0  # ... or this long after the first at the latest (messaging.delivery.quiet_turn)
    held_writes_seconds: float = Field(  # the delivery's bookkeeping waits this long for a game's write to carry it
        default=HELD_SECONDS, gt=0, description=N_("a number of seconds above 0")
    )
    seed: int | None = None
    log_level: Annotated[LogLevel, BeforeValidator(lambda v: v.upper() if isinstance(v, str) else v)] = Field(
        default="WARNING", description=N_("DEBUG, INFO, WARNING or ERROR")
    )
    log_format: Annotated[LogFormat, BeforeValidator(lambda v: v.lower() if isinstance(v, str) else v)] = Field(
        default="text", description=N_("text or json")
    )
    log_personal: bool = False  # names and message texts may appear in logs
    owner_id: int | None = None  # the person who runs the bot: error reports and /admin, in private
    http_port: int | None = Field(default=None, ge=1, le=65535, description=N_("a port number from 1 to 65535"))
    worker_id: str | None = None  # the worker's label in metrics and reports (hostname-pid when unset)
    ready_backlog: int = Field(default=1000, ge=1)  # /readyz fails while more outbox rows than this wait
    webapp_url: str | None = Field(default=None, pattern=r"^https://\S+$", description=N_("an https:// address"))
    webapp_name: str | None = Field(  # the board's Mini App: tables and seats link to it (see `board`)
        default=None, pattern=WEBAPP_NAME, description=N_("a Mini App's short name: 3 to 30 letters, digits or _")
    )

    @field_validator("database_url")
    @classmethod
    def _database_url(cls, url: str) -> str:
        """Refuses what SQLAlchemy cannot read as a database URL."""
        try:
            make_url(url)
        except ArgumentError:
            raise ValueError("not a database URL") from None
        return url

    @field_validator("webapp_name")
    @classmethod
    def _board_page(cls, name: str | None, info: ValidationInfo) -> str | None:
        """Refuses a Mini App whose page has no https address: BANGBOT_WEBAPP_URL, else the webhook's host."""
        if name and board_page(info.data.get("webapp_url"), info.data.get("webhook_url")) is None:
            raise ValueError("the board's page needs an https address")
        return name

    @property
    def board(self) -> BoardAddress | None:
        """Returns the board's Mini App when BANGBOT_WEBAPP_NAME is set, else None."""
        page = board_page(self.webapp_url, self.webhook_url)
        return BoardAddress(self.webapp_name, page) if self.webapp_name and page else None

    @field_validator("data_dir")
    @classmethod
    def _absolute(cls, folder: Path) -> Path:
        """Makes the data folder absolute, so the database never depends on the working directory."""
        return folder.expanduser().absolute()

    @classmethod
    def settings_customise_sources(
        cls,
        settings_cls: type[BaseSettings],
        init_settings: PydanticBaseSettingsSource,
        env_settings: PydanticBaseSettingsSource,
        dotenv_settings: PydanticBaseSettingsSource,
        file_secret_settings: PydanticBaseSettingsSource,
    ) -> tuple[PydanticBaseSettingsSource, ...]:
        """Reads what is passed, then the environment, then the secrets' files."""
        return init_settings, env_settings, SecretFiles(settings_cls)

    def secret(self) -> str | None:
        """Returns the webhook's secret token: the one set, else (when the bot registers its webhook) one of its own.

        Its own is derived from the bot token, so every worker and every restart registers and checks the same one.
        None when another program registers the webhook and no secret is set: such a webhook must not start.
        """
        if self.webhook_secret or not self.set_webhook:
            return self.webhook_secret
        return hashlib.sha256(f"bangbot webhook secret:{self.token}".encode()).hexdigest()

    def make_data_dir(self) -> None:
        """Creates the data folder when the database is the default one in it (on first use)."""
        if self.database_url == sqlite_url(self.data_dir):
            self.data_dir.mkdir(parents=True, exist_ok=True)

    @classmethod
    def default(cls, name: str) -> Any:
        """Returns a field's default value (the benches start the bot with the bot's own defaults)."""
        return cls.model_fields[name].get_default(call_default_factory=False)

    @staticmethod
    def from_env() -> BotSettings | None:
        """Returns the settings from the environment, or None when no bot token is set; SettingError for a bad one."""
        if not any(os.environ.get(v) for v in (*TOKEN_VARIABLES, file_variable("token"))):
            return None
        return load()


class SettingError(Exception):
    """A setting's value the bot cannot use: names its variable, the value and what it takes."""

    def __init__(self, variable: str, value: str, takes: str) -> None:
        super().__init__(f"{variable}={value}")
        self.variable, self.value, self.takes = variable, value, takes

    def line(self, tr: Translator) -> str:
        """Returns the one line saying so, in the reader's words."""
        if not self.value:
            return tr.gettext("{variable}: cannot read this file.", variable=self.variable)
        return tr.gettext(
            "{variable}={value} is not valid: it takes {what}.",
            variable=self.variable,
            value=self.value,
            what=tr.gettext(self.takes),
        )


def variable(name: str) -> str:
    """Returns the environment variable a field is read from (its first, when several)."""
    alias = BotSettings.model_fields[name].validation_alias
    if isinstance(alias, AliasChoices):
        return str(alias.choices[0])
    return PREFIX + name.upper()


def key(name: str) -> str:
    """Returns the key a source gives a field's value under: its variable when it has its own name, else its name."""
    return variable(name) if BotSettings.model_fields[name].validation_alias else name


def file_variable(name: str) -> str:
    """Returns the variable naming a file that holds a secret's value."""
    return variable(name) + "_FILE"


TAKES_BY_TYPE = {int: N_("a whole number"), float: N_("a number"), bool: N_("1 or 0")}


def takes(field: FieldInfo) -> str:
    """Returns (marked for translation) what a field takes: its description, else what its type says."""
    if field.description:
        return field.description
    kinds = [t for t in (field.annotation, *getattr(field.annotation, "__args__", ())) if t in TAKES_BY_TYPE]
    return TAKES_BY_TYPE[kinds[0]] if kinds else N_("a text")


class SecretFiles(PydanticBaseSettingsSource):
    """The secrets read from the files their *_FILE variables name (systemd's credentials, Docker's secrets)."""

    def get_field_value(self, field: FieldInfo, field_name: str) -> tuple[Any, str, bool]:
        """Returns nothing by field: __call__ reads them all."""
        return None, field_name, False

    def __call__(self) -> dict[str, Any]:
        """Returns each secret whose *_FILE variable is set, read from its file without the final line end."""
        values: dict[str, Any] = {}
        for name in SECRETS:
            path = os.environ.get(file_variable(name))
            if not path:
                continue
            try:
                values[key(name)] = Path(path).read_text(encoding="utf-8").strip()
            except OSError:
                raise SettingError(file_variable(name), "", "") from None
        return values


def load() -> BotSettings:
    """Returns the settings from the environment and the secrets' files; SettingError names the first bad one."""
    try:
        return BotSettings()
    except ValidationError as error:
        first = error.errors()[0]
        name = next(n for n in BotSettings.model_fields if first["loc"][0] in (n, variable(n)))
        value = MASK if name in SECRETS else str(first["input"])  # a malformed URL may still hold a password
        raise SettingError(variable(name), value, takes(BotSettings.model_fields[name])) from None


def masked_url(text: str) -> str:
    """Returns a database URL with its password, and any query parameter naming a password, masked."""
    url = make_url(text)
    hidden = {key: "MASKED" for key in url.query if "password" in key.lower()}
    url = url.update_query_dict(hidden) if hidden else url
    return url.render_as_string(hide_password=True).replace("***", MASK).replace("MASKED", MASK)


def shown(settings: BotSettings) -> list[tuple[str, str]]:
    """Returns every setting as (variable, value) for `bangbot config`, the secrets masked."""
    rows = []
    for name in BotSettings.model_fields:
        value = getattr(settings, name)
        if name == "database_url":
            text = masked_url(value)
        elif name in SECRETS:
            text = MASK if value else "—"
        elif isinstance(value, bool):
            text = "1" if value else "0"
        elif isinstance(value, tuple):
            text = "/".join(f"{v:g}" for v in value)
        else:
            text = "—" if value is None else str(value)
        rows.append((variable(name), text))
    return rows
