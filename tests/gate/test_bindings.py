"""What a template's variables can be (`bindings`): joined picks, printed lists, `expand`."""

from __future__ import annotations

from typing import Final

import pytest

from custom_components.home_mcp.gate.bindings import Bindings

PICKED: Final = (
    "{{ ['media_player.kitchen', 'media_player.bedroom'] | selectattr('0', 'eq',"
    " states('input_select.wake')) | join }}"
)
"""Some of two speakers, which ones a helper's state decides, joined."""


def _values(template: str) -> list[str]:
    after = Bindings.open().with_variables({"picked": template})
    return sorted(
        (
            v if isinstance(v := variables["picked"], str) else repr(v)
            for _, variables in after.alternatives
        ),
        key=lambda text: (len(text), text),
    )


def test_some_of_a_list_joined_is_none_one_or_several_run_together() -> None:
    assert _values(PICKED) == [
        "",
        "media_player.bedroom",
        "media_player.kitchen",
        "media_player.kitchenmedia_player.bedroom",
    ]


def test_a_variable_joined_from_some_of_a_list_names_its_items_and_no_other_entity() -> None:
    after = Bindings.open().with_variables({"player": PICKED})
    assert after.entity_names() == {"player": ("media_player.bedroom", "media_player.kitchen")}


def test_some_of_more_than_four_items_joined_is_unbounded() -> None:
    five = [f"'light.l{n}'" for n in range(5)]
    template = f"{{{{ [{', '.join(five)}] | select('eq', states('input_text.x')) | join(',') }}}}"
    assert _values(template) == ["ANY"]


@pytest.mark.parametrize(
    "template",
    [
        "{{ expand('group.porch') | map(attribute='entity_id') | list }}",
        "{{ expand('Lock.Front_Door') | map(attribute='entity_id') | list }}",
        "{{ expand('lock.front_door') | map(attribute='entity_id') | list }}",
    ],
)
def test_what_expand_gives_of_a_group_or_a_lock_that_may_be_one_is_unbounded(
    template: str,
) -> None:
    """A group's members are the house's, and change; a lock may be a lock group."""
    assert Bindings.open().expand(template) == [template]
