"""What a run leaves for the organiser to do, worded for the drop page: the command line's
"Needs your action" (:func:`~mahjong_club.pipeline.actions_of`), with a dice seed to give
instead of ``--roll-dice`` and the downloaded workbook instead of a path."""

from __future__ import annotations

from mahjong_club.messages.core import Message, say
from mahjong_club.messages.serve import SERVE
from mahjong_club.messages.terminal import ROLLS, SUBSTITUTABLE, counted
from mahjong_club.pipeline import Actions


def drop_actions(todo: Actions) -> list[Message]:
    """What the run leaves for the organiser to do, most urgent first, worded for the drop
    page (a dice seed instead of ``--roll-dice``, the downloaded workbook instead of a path);
    emails are not among them: the results page has the button to send them."""
    found = todo.dice_said(SERVE["action_dice_decides"], SERVE["action_dice_needed"])
    if todo.new_dice:
        found.append(say(SERVE["action_copy_dice"], rolls=counted(todo.new_dice, ROLLS)))
    if todo.substitutable:
        found.append(say(SUBSTITUTABLE, players=", ".join(todo.substitutable)))
    return found
