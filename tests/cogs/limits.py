"""What the game message tests check of a draft against Discord's limits.

A draft is laid out as the bot sends it (a Components V2 card) and checked by the stand-in's
own rules (:mod:`fakediscord.limits`: rows, buttons, menus, custom ids, 40 components,
4000 characters of text), so a message the stand-in would refuse fails here first, with the
field that is wrong; and no label or option is cut with an ellipsis to fit.
"""

from typing import Any

from cogs.drafts import Draft
from fakediscord.limits import FormErrors, check_message
from fakediscord.model import FLAG_COMPONENTS_V2, walk_components


def rows(draft: Draft) -> list[list[dict[str, Any]]]:
    """The draft's button rows, each a list of its buttons and menus as sent."""
    return [row["components"] for row in walk_components(laid_out(draft)) if row.get("type") == 1]


def laid_out(draft: Draft) -> list[dict[str, Any]]:
    return draft.layout().to_components()


def within_discords_limits(draft: Draft) -> list[str]:
    """Fails naming what Discord would refuse in the draft's message; returns its custom ids."""
    errors = FormErrors()
    payload = {"flags": FLAG_COMPONENTS_V2, "components": laid_out(draft)}
    check_message(errors, [], payload, allowed_flags=FLAG_COMPONENTS_V2)
    assert not errors, f"Discord would refuse this message: {errors.tree}"
    items = [item for row in rows(draft) for item in row]
    shown = [str(item.get("label", "")) for item in items]
    shown += [str(option["label"]) for item in items for option in item.get("options", [])]
    assert not [label for label in shown if label.endswith("…")], "labels fit whole, never cut"
    return [str(item["custom_id"]) for item in items]
