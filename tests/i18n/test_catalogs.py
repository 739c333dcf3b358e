"""The translation catalogs parse, compile, are complete, keep placeholders and match the source strings."""

from __future__ import annotations

import gettext
import io
import re
from pathlib import Path

import pytest
from babel.messages.catalog import Catalog, Message
from babel.messages.extract import DEFAULT_KEYWORDS, extract_from_dir
from babel.messages.frontend import parse_mapping_cfg
from babel.messages.mofile import write_mo
from babel.messages.pofile import read_po
from babel.support import Translations

from bangbot.games.bang.texts.glossary import CARD_NAMES, GAME_WORDS
from bangbot.i18n import DOMAIN, catalog_path, translator

REPO = Path(__file__).resolve().parents[2]
TRANSLATED = ("ru", "ja", "cs")
PLURAL_FORMS = {"ru": 3, "ja": 1, "cs": 3}
# The keywords of `pybabel extract -k N_ -k NP_:1c,2 -k pgettext:1c,2 -k ngettext:1,2` (docs/translations.md).
KEYWORDS = {**DEFAULT_KEYWORDS, "N_": None, "NP_": ((1, "c"), 2), "pgettext": ((1, "c"), 2), "ngettext": (1, 2)}

_BRACE = re.compile(r"\{([^{}]*)\}")
_PERCENT = re.compile(r"%\((\w+)\)")


def load(language: str) -> Catalog:
    """Returns the parsed catalog of a language."""
    with catalog_path(language).open("rb") as f:
        return read_po(f, locale=language, domain=DOMAIN)


def entries(catalog: Catalog) -> list[Message]:
    """Returns the catalog's messages without the header."""
    return [m for m in catalog if m.id]


def placeholders(text: str) -> set[str]:
    """Returns the names of the {name} and %(name)s placeholders in text ('' for a positional {})."""
    text = text.replace("{{", "").replace("}}", "")
    names = {re.split(r"[.\[!:]", field, maxsplit=1)[0] for field in _BRACE.findall(text)}
    return names | set(_PERCENT.findall(text))


def forms_used_by(catalog: Catalog) -> dict[int, set[int]]:
    """Returns plural form index -> the numbers 0..199 that use it."""
    plural = gettext.c2py(catalog.plural_expr)
    used: dict[int, set[int]] = {}
    for n in range(200):
        used.setdefault(plural(n), set()).add(n)
    return used


@pytest.mark.parametrize("language", TRANSLATED)
def test_catalog_parses_and_compiles(language: str) -> None:
    catalog = load(language)
    buffer = io.BytesIO()
    write_mo(buffer, catalog)
    buffer.seek(0)
    compiled = Translations(buffer, domain=DOMAIN)
    assert compiled.pgettext("card", "BANG!")
    assert len(entries(catalog)) >= len(CARD_NAMES) + len(GAME_WORDS)


@pytest.mark.parametrize("language", TRANSLATED)
def test_translator_loads_the_catalog(language: str) -> None:
    tr = translator(language)
    assert tr.language == language
    assert tr.name(GAME_WORDS["distance"]) != "distance"


@pytest.mark.parametrize("language", TRANSLATED)
def test_plural_forms_header(language: str) -> None:
    catalog = load(language)
    assert catalog.num_plurals == PLURAL_FORMS[language]
    assert f"nplurals={PLURAL_FORMS[language]};" in catalog.plural_forms
    assert set(forms_used_by(catalog)) == set(range(PLURAL_FORMS[language]))


@pytest.mark.parametrize("language", TRANSLATED)
def test_catalog_is_fully_translated(language: str) -> None:
    catalog = load(language)
    problems = []
    for message in entries(catalog):
        if message.fuzzy:
            problems.append(f"fuzzy: {message.id!r}")
        strings = message.string if isinstance(message.string, tuple) else (message.string,)
        if message.pluralizable and len(strings) != catalog.num_plurals:
            problems.append(f"{len(strings)} plural forms instead of {catalog.num_plurals}: {message.id!r}")
        if not all(strings):
            problems.append(f"untranslated: {message.id!r}")
    assert not problems, "\n".join(problems)


@pytest.mark.parametrize("language", TRANSLATED)
def test_translations_keep_placeholders(language: str) -> None:
    catalog = load(language)
    used = forms_used_by(catalog)
    problems = []
    for message in entries(catalog):
        if message.pluralizable:
            source = placeholders(message.id[0]) | placeholders(message.id[1])
            for index, text in enumerate(message.string):
                found = placeholders(text)
                # A form used for one number only (Czech "1") may spell the number out instead of showing {n}.
                required = source - {"n"} if len(used.get(index, set())) == 1 else source
                if not required <= found <= source:
                    problems.append(f"form {index} of {message.id[1]!r}: {sorted(found)} vs {sorted(source)}")
        else:
            source, found = placeholders(message.id), placeholders(message.string)
            if found != source:
                problems.append(f"{message.id!r}: {sorted(found)} vs {sorted(source)}")
    assert not problems, "\n".join(problems)


def _descend(path: str) -> bool:
    """Returns whether extraction walks into a directory: the package's, like pybabel never hidden or _ ones, nor
    a link (one may lead outside the checkout)."""
    if Path(path).is_symlink():
        return False
    parts = Path(path).resolve().relative_to(REPO).parts
    return parts[0] == "bangbot" and not any(part.startswith((".", "_")) for part in parts)


def extracted_messages() -> set[tuple[str | None, str]]:
    """Returns (context, msgid) of every message `pybabel extract` finds in the source."""
    with (REPO / "babel.cfg").open(encoding="utf-8") as f:
        method_map, options_map = parse_mapping_cfg(f)
    found: set[tuple[str | None, str]] = set()
    for _file, _line, message, _comments, context in extract_from_dir(
        REPO, method_map, options_map, keywords=KEYWORDS, directory_filter=_descend
    ):
        found.add((context, message[0] if isinstance(message, tuple) else message))
    return found


def test_extraction_skips_links_and_walks_the_package(tmp_path: Path) -> None:
    outside = tmp_path / "outside"
    outside.mkdir()
    link = tmp_path / "link"
    link.symlink_to(outside, target_is_directory=True)
    assert not _descend(str(link))
    assert _descend(str(REPO / "bangbot"))
    assert not _descend(str(REPO / "tests"))


@pytest.mark.parametrize("language", TRANSLATED)
def test_catalog_has_every_source_string(language: str) -> None:
    catalog = load(language)
    missing = [(ctx, msgid) for ctx, msgid in sorted(extracted_messages(), key=str) if not catalog.get(msgid, ctx)]
    assert not missing, "run pybabel extract + update (docs/translations.md) and translate: " + ", ".join(
        map(str, missing)
    )
