"""Text handed to a conversation agent: what the agent may run.

- Home Assistant's own agent runs the owner's sentence triggers
  (`trigger: conversation`) before any intent, whatever is exposed: the
  automations whose sentences the text matches (Home Assistant's own
  matcher, hassil, with the same wildcards) are set off, each with the
  sentence and its slots as the client chose them; text that is a
  template may match any of them. Then its intents act on the entities
  exposed to Assist. A satellite's conversation hands it what a person
  answers, not the client's text: judged on what is exposed.
- An LLM agent of an integration known to act only through Home
  Assistant's LLM APIs (`LLM_API_AGENTS`) acts through them: with
  *Control Home Assistant* (`llm_hass_api`) naming only APIs Home MCP
  knows (`KNOWN_LLM_APIS`), as Assist's intents do, and it runs each
  exposed script with whatever fields its model fills in; with any other
  API (an MCP server's tools, a custom integration's), as any agent may;
  without, it only answers.
- An agent of any other integration (Extended OpenAI Conversation calls
  any action through functions of its own), or one whose settings cannot
  be read, may act on anything.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from enum import StrEnum
import logging
from typing import Any, Final

from hassil.expression import Expression, Group, ListReference
from hassil.intents import Intents, WildcardSlotList
from hassil.recognize import recognize_all

from homeassistant.components.conversation import HOME_ASSISTANT_AGENT, async_get_agent_info
from homeassistant.components.homeassistant.exposed_entities import async_should_expose
from homeassistant.const import ATTR_ENTITY_ID, CONF_ACTION, CONF_LLM_HASS_API, SERVICE_TURN_ON
from homeassistant.core import HomeAssistant
from homeassistant.helpers import intent
from homeassistant.helpers.llm import LLM_API_ASSIST

from ..const import DOMAIN
from .bindings import Bindings, has_template
from .facts import entity_object
from .handlers import OWN_EFFECTS, Judging, Reach
from .macros import walk
from .model import Effect
from .perimeter_keys import KeyKind, name_of
from .rules import ASSIST_ACTIONS, DATA_RULES
from .targets import is_dynamic, static, unresolved_target_reach
from .verbs import GENERIC_ACTIONS

_LOGGER = logging.getLogger(__name__)

LLM_API_AGENTS: Final = frozenset(
    {
        "anthropic",
        "google_generative_ai_conversation",
        "litellm",
        "llama_cpp",
        "ollama",
        "open_router",
        "openai_conversation",
        "ovhcloud_ai_endpoints",
    }
)
"""Integrations whose agents act only through the LLM APIs their settings name
(`llm_hass_api`, in the config entry's options or the agent's sub-entry)."""
INTENT_SCRIPT: Final = "homeassistant.components.intent_script"
"""Where `intent_script`'s intent handlers are defined."""
KNOWN_LLM_APIS: Final = frozenset({LLM_API_ASSIST, DOMAIN})
"""LLM APIs that reach no further than Assist: Assist's own, and Home MCP's (each of
its calls judged by the gate as it is made). Any other (Home Assistant's Model Context
Protocol integration offers an MCP server's tools; custom integrations offer their own)
may call any action."""
ASSIST_API_AGENTS: Final = frozenset({"cloud"})
"""Integrations whose agents always act through Assist's API (Home Assistant Cloud's)."""


START_CONVERSATION: Final = "assist_satellite.start_conversation"
"""The satellite action whose answer an LLM agent hears, with the client's words as its prompt."""
ANY_DATA: Final = {"__template__": "{{ fields }}"}
"""A run's data its caller's model fills in: any fields (as a templated data block)."""


class Agent(StrEnum):
    """What a conversation agent may do with the text it is handed (`agent_reach`)."""

    NONE = "no such agent: Home Assistant refuses the call"
    TALKS = "an LLM agent with no API: it only answers"
    ASSIST = "Home Assistant's own agent: sentence triggers, then Assist's intents"
    LLM_API = "an LLM agent with Assist's API: its intents and exposed scripts, any fields"
    ANY = "an agent that may call any action"


@OWN_EFFECTS.register(*ASSIST_ACTIONS)
def judge_assist(judge: Judging, name: str, data: Mapping[str, Any], depth: int) -> Reach:
    """Judge text handed to Assist or a conversation agent (`judge_text`).

    It reaches nothing outside Home Assistant.
    """
    judge_text(judge, name, data, depth, satellite=name.partition(".")[0] == "assist_satellite")
    return Reach.INSIDE


def judge_text(
    judge: Judging, name: str, data: Mapping[str, Any], depth: int, *, satellite: bool
) -> None:
    """Judge text handed to a conversation agent (`conversation.process`, a satellite's).

    A satellite's conversation (`start_conversation`, `ask_question`) hands
    its pipeline what a person there answers, not text the client chose:
    what the person says (a sentence of the owner's) is theirs, as when
    they speak to it unasked. It is judged on what is exposed; but
    `start_conversation` hands the person's answer to an LLM agent (it is
    refused with Home Assistant's own agent) with the client's words as its
    system prompt, so it is judged as any text for its pipeline's agent is:
    the reach of the most capable agent a pipeline of the house names
    (`satellite_reach`). `ask_question` matches the answer to the client's
    choices itself (speech to text only): no agent hears it.
    """
    if not satellite:
        reach = agent_reach(judge.hass, data.get("agent_id"))
    elif name == START_CONVERSATION:
        reach = satellite_reach(judge.hass)
    else:  # A question's answer is matched on the satellite's side, no agent hears it.
        reach = Agent.ASSIST
    if reach is Agent.ANY:
        rule = DATA_RULES["acting_agent"]
        judge.add(rule.risk, None, name, rule.reason)
    if satellite:
        # What the person answers is theirs; an LLM agent also has the client's words
        # as its system prompt, and may do with the answer whatever its tools can.
        judge_exposed(judge, depth, scripts_with_fields=reach is not Agent.ASSIST)
        if reach is not Agent.ASSIST:
            judge_intent_scripts(judge, depth)
        return
    if reach in (Agent.NONE, Agent.TALKS):
        return
    if reach in (Agent.ASSIST, Agent.ANY):
        keys = judge.knowledge.sentence_keys()
        for key in matched_sentences(judge.hass, data.get("text"), keys):
            judge.react(key, "fire")
    judge_exposed(judge, depth, scripts_with_fields=reach is not Agent.ASSIST)
    judge_intent_scripts(judge, depth)


def judge_intent_scripts(judge: Judging, depth: int) -> None:
    """Judge the owner's `intent_script` actions, each run with any slots.

    Home Assistant's agent runs one for text its custom sentences match, and
    an LLM agent with Assist's API calls each as a tool: the slots are the
    text's (the model's), any.
    """
    for handler in list(intent.async_get(judge.hass)):
        # `intent_script`'s handler (its module moves between releases), with its config.
        if not type(handler).__module__.startswith(INTENT_SCRIPT):
            continue
        name = f"intent_script.{handler.intent_type}"
        config = getattr(handler, "config", None)
        if not isinstance(config, Mapping):  # A release that keeps it elsewhere.
            judge.unknown(name, "Home MCP cannot read this intent's configuration")
            continue
        action = config.get(CONF_ACTION)
        if action is None:
            continue  # Only a spoken answer.
        sequence = getattr(action, "sequence", None)
        if not isinstance(sequence, list):
            judge.unknown(name, "Home MCP cannot read this intent's actions")
            continue
        with (
            judge.as_run(Bindings.open(), owners=True),
            judge.through(name),
            judge.own_run(),
            judge.nested(),
        ):
            walk(judge, sequence, depth + 1)


def judge_exposed(judge: Judging, depth: int, *, scripts_with_fields: bool) -> None:
    """Judge what Assist's intents may do to each entity exposed to it.

    Assist's intents, and an LLM agent through them, act only on the
    entities exposed to Assist (Settings → Voice assistants → Expose, as
    Home Assistant decides it: `async_should_expose`). Whatever the text
    says, each exposed entity that is not plain, or whose change sets
    something off, is judged as turned on, turned off and toggled. Where
    Home Assistant cannot say, an entity counts as exposed.
    `scripts_with_fields`: an LLM agent runs each exposed script as a tool
    with the fields its model fills in (`llm.ScriptTool`): any.
    """
    hass = judge.hass
    candidates = unresolved_target_reach(
        hass, judge.house.is_plain, judge.knowledge.perimeter_entities, "homeassistant"
    )
    exposed = [entity_id for entity_id in dict.fromkeys(candidates) if _exposed(judge, entity_id)]
    if exposed:
        for verb in GENERIC_ACTIONS:
            judge.call("homeassistant", verb, {ATTR_ENTITY_ID: exposed}, {}, depth + 1)
    if scripts_with_fields:
        for script_id in exposed:
            if script_id.startswith("script.") and entity_object(hass, script_id) is not None:
                judge.effect(Effect(script_id, SERVICE_TURN_ON, dict(ANY_DATA)), depth + 1)


def satellite_reach(hass: HomeAssistant) -> Agent:
    """Return what the agent of a satellite's pipeline may do: the most of any pipeline's.

    Any pipeline may be a satellite's (its pipeline select, or the preferred
    one); one whose pipelines cannot be read may have any agent.
    """
    if "assist_pipeline" not in hass.config.components:
        return Agent.ASSIST  # No pipeline: no satellite runs one.
    try:
        from homeassistant.components.assist_pipeline import async_get_pipelines  # noqa: PLC0415

        reaches = {agent_reach(hass, p.conversation_engine) for p in async_get_pipelines(hass)}
    except Exception:  # noqa: BLE001  # Pipelines Home MCP cannot read: any agent.
        _LOGGER.debug("Cannot read Assist's pipelines", exc_info=True)
        return Agent.ANY
    for reach in (Agent.ANY, Agent.LLM_API):
        if reach in reaches:
            return reach
    return Agent.ASSIST


def matched_sentences(hass: HomeAssistant, text: Any, keys: Iterable[str]) -> list[str]:
    """Return the sentence keys `text` sets off, as Home Assistant's default agent matches it.

    Each key a trigger intent of its own, its `{slots}` wildcards
    (`DefaultAgent._rebuild_trigger_intents`); `text` a template, not text,
    or a sentence the matcher cannot read: every key (it may match).
    """
    named = {key: said for key in keys if (said := name_of(key, KeyKind.SENTENCE)) is not None}
    keys = list(named)
    if not keys:
        return []
    text = static(text)
    if is_dynamic(text) or not isinstance(text, str) or has_template(text):
        return keys
    try:
        intents = Intents.from_dict(
            {
                "language": hass.config.language,
                "intents": {
                    key: {"data": [{"sentences": [sentence]}]} for key, sentence in named.items()
                },
            }
        )
        wildcards: set[str] = set()
        for intent in intents.intents.values():
            for intent_data in intent.data:
                for sentence in intent_data.sentences:
                    _list_references(sentence.expression, wildcards)
        for wildcard in wildcards:
            intents.slot_lists[wildcard] = WildcardSlotList(wildcard)
        return list(dict.fromkeys(result.intent.name for result in recognize_all(text, intents)))
    except Exception:  # noqa: BLE001  # A sentence hassil cannot read: it may match.
        _LOGGER.debug("Cannot match %r against sentence triggers", text, exc_info=True)
        return keys


def _list_references(expression: Expression, names: set[str]) -> None:
    if isinstance(expression, Group):
        for item in expression.items:
            _list_references(item, names)
    elif isinstance(expression, ListReference):
        names.add(expression.slot_name)


def agent_reach(hass: HomeAssistant, agent_id: Any) -> Agent:
    """Return what the conversation agent `agent_id` may do (`Agent`).

    Home Assistant's own agent (named, or none named): `ASSIST`. One that is
    not there: `NONE`. An agent of an integration in `LLM_API_AGENTS`: as
    its settings say (`llm_hass_api`: `LLM_API` when it names only
    `KNOWN_LLM_APIS`, `ANY` when it names another); in `ASSIST_API_AGENTS`:
    `LLM_API`.
    Any other, one named by a template, or one whose settings cannot be
    read: `ANY`.
    """
    if agent_id is None or static(agent_id) in (HOME_ASSISTANT_AGENT, "homeassistant"):
        return Agent.ASSIST
    agent_id = static(agent_id)
    if is_dynamic(agent_id) or not isinstance(agent_id, str):
        return Agent.ANY
    try:
        if "conversation" not in hass.config.components:
            return Agent.NONE
        if async_get_agent_info(hass, agent_id) is None:
            return Agent.NONE  # Home Assistant refuses the call: nothing answers.
        return _settings_reach(hass, agent_id)
    except Exception:  # noqa: BLE001  # Settings Home MCP cannot read: it may act.
        _LOGGER.debug("Cannot read conversation agent %s", agent_id, exc_info=True)
        return Agent.ANY


def _settings_reach(hass: HomeAssistant, agent_id: str) -> Agent:
    from homeassistant.helpers import entity_registry as er  # noqa: PLC0415

    entry = er.async_get(hass).async_get(agent_id)
    config_entry = (
        hass.config_entries.async_get_entry(entry.config_entry_id or "")
        if entry is not None
        else hass.config_entries.async_get_entry(agent_id)  # A legacy agent: its entry's id.
    )
    if config_entry is None:
        return Agent.ANY
    if config_entry.domain in ASSIST_API_AGENTS:
        return Agent.LLM_API
    if config_entry.domain not in LLM_API_AGENTS:
        return Agent.ANY
    settings: Mapping[str, Any] = config_entry.options
    if entry is not None and entry.config_subentry_id is not None:
        subentry = config_entry.subentries.get(entry.config_subentry_id)
        if subentry is None:
            return Agent.ANY
        settings = subentry.data
    apis = settings.get(CONF_LLM_HASS_API)
    if not apis:
        return Agent.TALKS
    named = [apis] if isinstance(apis, str) else apis
    if not isinstance(named, list) or any(api not in KNOWN_LLM_APIS for api in named):
        return Agent.ANY
    return Agent.LLM_API


def _exposed(judge: Judging, entity_id: str) -> bool:
    try:
        return async_should_expose(judge.hass, "conversation", entity_id)
    except Exception:  # noqa: BLE001  # Exposure not known (no `homeassistant` data): it may be.
        return True
