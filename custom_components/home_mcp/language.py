"""Home Assistant's own words for devices, in its languages (`home_assistant_intents`).

Home Assistant's `conversation` integration installs `home_assistant_intents`:
per language (about 60), a JSON file of the sentences Assist understands
(`data/<lang>.json`). What this module takes from them, for the search
(`House.search`: the words naming a kind, as written; and the closest
matches of a query no entity matches word for word, `House.closest`):

- **skip words**: the file's `skip_words` ("please", "can you", "por favor",
  "proszę"), split into words: they name nothing;
- **words for a domain**: the expansion rules named after a domain
  (`<light>`, `<lights>`, `<lockable>`, `<fan>`, `<switch>`) that only the
  sentences of that domain use, expanded ("(światło|lamp(a|ę))" gives
  światło, lampa, lampę), and the lists of device classes that only one
  domain's sentences use (`{cover_classes}`), and the values of the lists
  of domains (`{on_off_domains}`: "brytaren" is a switch); a word that a rule of every
  domain's sentences gives ("all", "home") is left out. Other rules (verbs,
  colours, "everywhere") and lists (states, colours) are not read: they
  name no device;
- **words for a device class**: the values of those lists, by the device
  class Home Assistant reads them as ("persiana" → blind).

Beside them, Home Assistant's own translations (`async_read_translated_names`:
the files its loader finds, in every language core ships): a domain's title and entity name name the domain ("Cortacésped"), a
device class's name names the class ("除湿機": dehumidifier), the names of a
domain's own states are its state words ("låst": a lock's `locked`; a weak hint
the search reads only in a question no other word names a kind of); names of
one word only.

The words come folded (`matching.fold_once`: as `fold`, without its
cache). Reading every language takes under a second of one core and holds
about a megabyte: it is done once per process, in an executor job started
with the entities' index once Home Assistant runs (or by the first closest
search); until it is done, and when the package is missing or its data
unreadable, the search goes without it (`language_words` returns None).
They count only as written (`WordScorer`'s `exact_kinds`): in sixty
languages a typo of one word is often another's word.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass, field
import json
import logging
from pathlib import Path
import re
from typing import Any, Final

from homeassistant.const import Platform
from homeassistant.core import HomeAssistant, callback
from homeassistant.generated.languages import LANGUAGES
from homeassistant.loader import Integration, async_get_integrations

from .const import DOMAIN
from .matching import fold_once

_LOGGER = logging.getLogger(__name__)

PACKAGE: Final = "home_assistant_intents"
_MAX_EXPANSIONS: Final = 512
"""The most texts one rule or list value is expanded to (a rule of rules can multiply)."""
_RULE: Final = re.compile(r"<([^<>]+)>")
_LIST: Final = re.compile(r"\{([^{}:]+)(?::[^{}]*)?\}")


@dataclass(frozen=True, slots=True)
class LanguageWords:
    """Words of Home Assistant's language data, folded.

    skip: words that name nothing ("please").
    by_domain: the words naming each domain's entities.
    by_device_class: the words naming each device class.
    by_state: the names of each domain's states ("låst": a lock's `locked`), a weak hint only:
        one state's name is shared by many domains ("ouvert", "on").
    """

    skip: frozenset[str]
    by_domain: dict[str, frozenset[str]]
    by_device_class: dict[str, frozenset[str]]
    by_state: dict[str, frozenset[str]] = field(default_factory=dict)
    _domains_of: dict[str, frozenset[str]] = field(default_factory=dict)
    _classes_of: dict[str, frozenset[str]] = field(default_factory=dict)
    _kinds: dict[tuple[str | None, str | None], frozenset[str]] = field(default_factory=dict)
    _states_of: dict[str, frozenset[str]] = field(default_factory=dict)

    def __post_init__(self) -> None:
        """Index the words the other way round: the domains and classes each word names."""
        for source, target in (
            (self.by_domain, self._domains_of),
            (self.by_device_class, self._classes_of),
            (self.by_state, self._states_of),
        ):
            inverted: dict[str, set[str]] = {}
            for name, words in source.items():
                for word in words:
                    inverted.setdefault(word, set()).add(name)
            target.update((word, frozenset(names)) for word, names in inverted.items())

    def kind_words(self, domain: str | None, device_class: str | None) -> frozenset[str]:
        """Return the words naming an entity of `domain` and `device_class` (None: any)."""
        words = self._kinds.get((domain, device_class))
        if words is None:
            words = self.by_domain.get(domain, frozenset()) if domain else frozenset()
            if device_class and (of_class := self.by_device_class.get(device_class)):
                words = words | of_class
            self._kinds[domain, device_class] = words
        return words

    def domains_named(self, words: Iterable[str]) -> set[str]:
        """Return the domains `words` name (as written, or without a plural's s)."""
        return {name for word in words for name in self._lookup(self._domains_of, word)}

    def device_classes_named(self, words: Iterable[str]) -> set[str]:
        """Return the device classes `words` name (as written, or without a plural's s)."""
        return {name for word in words for name in self._lookup(self._classes_of, word)}

    def domains_in_state(self, words: Iterable[str]) -> set[str]:
        """Return the domains one of whose states `words` name, as written ("låst": lock)."""
        return {name for word in words for name in self._states_of.get(word, ())}

    def state_words(self, domain: str | None, _: str | None = None) -> frozenset[str]:
        """Return the names of `domain`'s states in every language (none without a domain)."""
        return self.by_state.get(domain, frozenset()) if domain else frozenset()

    @staticmethod
    def _lookup(index: dict[str, frozenset[str]], word: str) -> frozenset[str]:
        found = index.get(word)
        if found is None and len(word) > 3 and word[-1] == "s":
            found = index.get(word[:-1])
        return found or frozenset()


class _Read:
    """The words once read (one process reads them once: they are the package's, not a house's)."""

    words: LanguageWords | None = None
    started = False


@callback
def language_words(hass: HomeAssistant) -> LanguageWords | None:
    """Return Home Assistant's language words, or None (not read yet, or not available).

    The first call starts reading them in an executor job.
    """
    if not _Read.started:
        _Read.started = True
        hass.async_create_background_task(
            async_load_language_words(hass), f"{DOMAIN} language words", eager_start=False
        )
    return _Read.words


async def async_load_language_words(hass: HomeAssistant) -> LanguageWords | None:
    """Read the language words now, unless they have been, and return them."""
    _Read.started = True
    try:
        if _Read.words is None:
            words = await hass.async_add_executor_job(read_language_words)
            names = await async_read_translated_names(hass)
            _Read.words = with_names(words, *names)
    finally:
        # Stopped before the end (Home Assistant stopping): the next call starts again.
        _Read.started = _Read.words is not None
    return _Read.words


TranslatedNames = tuple[dict[str, set[str]], dict[str, set[str]], dict[str, set[str]]]
"""The words naming each domain, each device class, and each domain's states (as
`LanguageWords`'s, not frozen)."""


async def async_read_translated_names(hass: HomeAssistant) -> TranslatedNames:
    """Read the names Home Assistant's translations give the entity domains and device classes.

    Every language core speaks (`LANGUAGES`), every entity domain (`Platform`): a domain's
    `title` ("Cortacésped") and its entity component's name name the domain, the name of one
    of its device classes ("除湿機": dehumidifier) names that class, the name of one of its
    states ("Låst": `locked`) is one of the domain's state words; a device class called as its
    domain (a humidifier's `humidifier`) is named by the domain's names too. Only a name of one word
    counts (a word of "Carbon monoxide" names no class alone). The files are the ones
    Home Assistant's loader finds (`Integration.file_path`/translations/<language>.json),
    read in an executor job; not through `helpers.translation.async_get_translations`,
    whose cache would keep every category of them in every language (about 44 MB).
    """
    domains = sorted(platform.value for platform in Platform)
    integrations = await async_get_integrations(hass, domains)
    folders = {
        domain: integration.file_path / "translations"
        for domain, integration in integrations.items()
        if isinstance(integration, Integration)
    }
    return await hass.async_add_executor_job(_read_translated_names, folders)


def _read_translated_names(folders: dict[str, Path]) -> TranslatedNames:
    """Read the domains' and device classes' names in `folders` (domain: its translations)."""
    by_domain: dict[str, set[str]] = {}
    by_class: dict[str, set[str]] = {}
    by_state: dict[str, set[str]] = {}
    plain: set[str] = set()
    for domain, folder in folders.items():
        for language in sorted(LANGUAGES):
            path = folder / f"{language}.json"
            try:
                data = json.loads(path.read_text(encoding="utf-8"))
            except FileNotFoundError:
                continue
            except (OSError, ValueError) as err:
                _LOGGER.debug("Skipping the translations %s: %s", path, err)
                continue
            if not isinstance(data, dict):
                continue
            names: list[tuple[str, Any]] = [("_", data.get("title"))]
            states: list[Any] = []
            components = data.get("entity_component")
            if isinstance(components, dict):
                for key, value in components.items():
                    if isinstance(value, dict):
                        names.append((key, value.get("name")))
                        # The entity's own states only: a device class's ("Låst", a lock
                        # class binary sensor's `off`) would give every binary sensor the
                        # words of every class.
                        if key == "_" and isinstance(value.get("state"), dict):
                            states += value["state"].values()
            for key, text in [*names, *(("", state) for state in states)]:
                if not isinstance(text, str):
                    continue
                words = fold_once(text).split()
                if len(words) != 1 or len(words[0]) < 2 or words[0].isdigit():
                    continue
                if not key:
                    by_state.setdefault(domain, set()).add(words[0])
                    continue
                table = by_domain if key == "_" else by_class
                table.setdefault(domain if key == "_" else key, set()).add(words[0])
                if key == domain:
                    plain.add(domain)
    for domain in plain:
        # A device class called as its domain (a humidifier's `humidifier`, a switch's
        # `switch`) is the domain's plain kind: the domain's own names name it too, in a
        # language that leaves the class's name out ("umidificador", in Brazilian
        # Portuguese: the humidifier, not the dehumidifier it names "desumidificador").
        by_class.setdefault(domain, set()).update(by_domain.get(domain, ()))
    return by_domain, by_class, by_state


_NAMED: Final = frozenset({"title", "name"})


def with_names(
    words: LanguageWords | None,
    by_domain: dict[str, set[str]],
    by_class: dict[str, set[str]],
    by_state: dict[str, set[str]] | None = None,
) -> LanguageWords | None:
    """Return `words` with the translated names of domains, device classes and states added."""
    if words is None and not by_domain and not by_class and not by_state:
        return None
    skip = words.skip if words is not None else frozenset()
    merged: list[dict[str, frozenset[str]]] = []
    for old, new in (
        (words.by_domain if words else {}, by_domain),
        (words.by_device_class if words else {}, by_class),
    ):
        table = dict(old)
        for name, added in new.items():
            table[name] = table.get(name, frozenset()) | {w for w in added if w not in skip}
        merged.append(table)
    states = {
        domain: frozenset(w for w in added if w not in skip)
        for domain, added in (by_state or {}).items()
    }
    return LanguageWords(skip, merged[0], merged[1], states)


def read_language_words(data_dir: Path | None = None) -> LanguageWords | None:
    """Read every language of `home_assistant_intents` (blocking); None without it."""
    if data_dir is None:
        try:
            import home_assistant_intents  # noqa: PLC0415 - optional, read in an executor
        except ImportError:
            return None
        data_dir = Path(home_assistant_intents.__file__).parent / "data"
    skip: set[str] = set()
    by_domain: dict[str, set[str]] = {}
    by_class: dict[str, set[str]] = {}
    generic: set[str] = set()
    files = sorted(data_dir.glob("*.json"))
    for path in files:
        try:
            data = json.loads(path.read_text(encoding="utf-8"))
            _read_language(data, skip, by_domain, by_class, generic)
        except (OSError, ValueError, TypeError, AttributeError, KeyError) as err:
            _LOGGER.debug("Skipping the language data %s: %s", path.name, err)
    if not files:
        return None
    # A word of the rules every domain's sentences use ("all", "the home") names no device; a
    # skip word names nothing. A word several domains' rules give names each ("puerta": a
    # lock's door and a cover's).
    return LanguageWords(
        frozenset(skip),
        {
            domain: frozenset(w for w in words if w not in skip and w not in generic)
            for domain, words in by_domain.items()
        },
        {
            name: frozenset(w for w in words if w not in skip and w not in generic)
            for name, words in by_class.items()
        },
    )


def _read_language(
    data: dict[str, Any],
    skip: set[str],
    by_domain: dict[str, set[str]],
    by_class: dict[str, set[str]],
    generic: set[str],
) -> None:
    """Add one language's words (`data`: its JSON) to the tables.

    generic: the words of rules used by sentences of no domain or of several.
    """
    for phrase in data.get("skip_words") or ():
        skip.update(fold_once(phrase).split())
    rules: dict[str, str] = data.get("expansion_rules") or {}
    lists: dict[str, Any] = data.get("lists") or {}
    rule_domains: dict[str, set[str | None]] = {}
    list_domains: dict[str, set[str | None]] = {}
    for intent in (data.get("intents") or {}).values():
        for block in intent.get("data") or ():
            domain = _domain_of(block)
            for sentence in block.get("sentences") or ():
                for name in _RULE.findall(sentence):
                    rule_domains.setdefault(name, set()).add(domain)
                for name in _LIST.findall(sentence):
                    list_domains.setdefault(name, set()).add(domain)
    for name, domains in rule_domains.items():
        if name not in rules:
            continue
        if len(domains) != 1 or (domain := next(iter(domains))) is None:
            generic.update(_words(rules[name], rules))
        elif name in (domain, f"{domain}s", f"{domain}able"):
            # Named after its domain (light, lights, lockable): the rule naming the devices.
            by_domain.setdefault(domain, set()).update(_words(rules[name], rules))
    for name in list_domains:
        if name.endswith("_domains"):
            # Words for the domains a sentence accepts ("[ström]brytare[n]": switch).
            _read_values(lists.get(name), rules, by_domain, None)
    for name, domains in list_domains.items():
        if not name.endswith("classes") or len(domains) != 1:
            continue  # Only the device classes' lists: states and colours are no devices.
        if (domain := next(iter(domains))) is None:
            continue
        _read_values(lists.get(name), rules, by_class, by_domain.setdefault(domain, set()))


def _read_values(
    values_list: Any, rules: dict[str, str], by_out: dict[str, set[str]], every: set[str] | None
) -> None:
    """Add the words of a list's values to `by_out` by their "out" (and to `every`, if given)."""
    values = (values_list or {}).get("values")
    if not isinstance(values, list):
        return  # A range of numbers, a wildcard.
    for value in values:
        text, out = (
            (value.get("in"), value.get("out")) if isinstance(value, dict) else (value, None)
        )
        if not isinstance(text, str):
            continue
        words = _words(text, rules)
        if every is not None:
            every.update(words)
        if isinstance(out, str):
            by_out.setdefault(out, set()).update(words)


def _domain_of(block: dict[str, Any]) -> str | None:
    """Return the one domain a block of sentences is about, or None."""
    for where in ("requires_context", "slots"):
        domain = (block.get(where) or {}).get("domain")
        if isinstance(domain, str):
            return domain
        if isinstance(domain, list) and len(domain) == 1 and isinstance(domain[0], str):
            return domain[0]
    return None


def _words(template: str, rules: dict[str, str]) -> set[str]:
    """Return the words of every text `template` expands to (folded, two letters or more)."""
    return {
        word
        for text in _expand(template, rules, 0)
        for word in fold_once(text).split()
        if len(word) > 1 and not word.isdigit()
    }


def _expand(template: str, rules: dict[str, str], depth: int) -> list[str]:
    """Return the texts `template` says (alternatives, optional parts, rules; no lists)."""
    if depth > 4:
        return []
    texts, _ = _sequence(template, 0, rules, depth)
    return texts


def _sequence(text: str, at: int, rules: dict[str, str], depth: int) -> tuple[list[str], int]:
    """Expand `text` from `at` to the end of its group: (the texts, where it stopped)."""
    alternatives: list[str] = []
    current = [""]
    while at < len(text):
        char = text[at]
        if char in ")]":
            break
        if char in "|;":
            alternatives += current
            current = [""]
            at += 1
            continue
        if char in "([":
            inner, at = _sequence(text, at + 1, rules, depth)
            at += 1  # The closing bracket.
            if char == "[":
                inner = [*inner, ""]
            parts = inner
        elif char == "<":
            end = text.find(">", at)
            end = len(text) if end == -1 else end
            name = text[at + 1 : end]
            parts = _expand(rules[name], rules, depth + 1) if name in rules else [""]
            at = end + 1
        elif char == "{":
            end = text.find("}", at)
            at = len(text) if end == -1 else end + 1
            parts = [" "]  # A slot: a word apart.
        else:
            parts = [char]
            at += 1
        current = [a + b for a in current for b in dict.fromkeys(parts)][:_MAX_EXPANSIONS]
    return [*alternatives, *current][:_MAX_EXPANSIONS], at
