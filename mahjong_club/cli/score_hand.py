"""``python process.py score-hand SETS [options]``: the classical calculator for one hand.

For the organiser at the table: type the hand in the workbook's tile notation and get the
referee's breakdown (rules.md 2).
"""

from __future__ import annotations

import argparse
import sys

from mahjong_club.messages.breakdown import hand_breakdown, hand_item
from mahjong_club.messages.rule_errors import rule_error
from mahjong_club.reading.cells import CellError
from mahjong_club.reading.hands import parse_numbers, parse_wind
from mahjong_club.reading.settings import parse_limit
from rules.classical import ClassicalRules, HandError, HandInput, Wind, score_hand
from rules.hand_entry import loose_without_kong, winner_only_claims
from rules.tiles import NotationError, parse_sets

EXAMPLE = """\
example:
  python process.py score-hand "RRR [555s] 123m 678p 99p" --seat S --round E --self-drawn
  python process.py score-hand "[EEE] 5555p" --seat E --not-winner --flowers "1 3"
  python process.py score-hand "19m19p19sESWNRGHH" --seat W"""


def _wind(text: str) -> Wind:
    try:
        return parse_wind(text)
    except CellError as exc:
        raise argparse.ArgumentTypeError(exc.message.render("en")) from None


def _numbers(text: str) -> frozenset[int]:
    try:
        return parse_numbers(text)
    except CellError as exc:
        raise argparse.ArgumentTypeError(exc.message.render("en")) from None


def _limit(text: str) -> int:
    try:
        return parse_limit(text)
    except CellError as exc:
        raise argparse.ArgumentTypeError(exc.message.render("en")) from None


def build_parser() -> argparse.ArgumentParser:
    """The calculator's command line."""
    parser = argparse.ArgumentParser(
        prog="process.py score-hand",
        description="Score one classical mahjong hand and show the breakdown (rules.md 2).",
        epilog=EXAMPLE,
        formatter_class=argparse.RawDescriptionHelpFormatter,
    )
    parser.add_argument("sets", help='the sets in tile notation, e.g. "[RRR] 555p 123s 789m 99p"')
    parser.add_argument("--seat", type=_wind, default=Wind.E, help="own wind E/S/W/N (default E)")
    parser.add_argument("--round", type=_wind, default=Wind.E, help="round wind (default E)")
    parser.add_argument("--not-winner", action="store_true", help="score a hand that did not win")
    parser.add_argument("--self-drawn", action="store_true", help="last tile from the wall")
    parser.add_argument("--loose-tile", action="store_true", help="last tile a loose tile")
    parser.add_argument("--last-tile", action="store_true", help="won on the last possible tile")
    parser.add_argument("--flowers", type=_numbers, default=frozenset(), help='e.g. "1 3"')
    parser.add_argument("--seasons", type=_numbers, default=frozenset(), help='e.g. "2"')
    parser.add_argument("--limit-hand", metavar="NAME", help="heavenly or earthly")
    parser.add_argument("--limit", type=_limit, default=500, help="the score limit (default 500)")
    parser.add_argument(
        "--double-wind-pair",
        type=int,
        default=4,
        help="points for a pair of the own and round wind at once (default 4)",
    )
    return parser


def main(argv: list[str]) -> int:
    """Print the breakdown of one hand; 1 for a hand that cannot be scored."""
    args = build_parser().parse_args(argv)
    try:
        sets = parse_sets(args.sets)
        hand = HandInput(
            "hand",
            args.seat,
            sets,
            winner=not args.not_winner,
            flowers=args.flowers,
            seasons=args.seasons,
            self_drawn=args.self_drawn,
            loose_tile=args.loose_tile,
            last_tile=args.last_tile,
            limit=args.limit_hand,
        )
        rules = ClassicalRules(limit=args.limit, double_wind_pair=args.double_wind_pair)
        result = score_hand(hand, args.round, rules)
    except (NotationError, HandError) as exc:
        print(f"Error: {rule_error(exc).render('en')}", file=sys.stderr)
        return 1
    for name in winner_only_claims(hand):  # as the workbook warns of them
        flag = "--" + name.replace("_", "-")
        print(f"Warning: {flag} only counts for the winner and is ignored", file=sys.stderr)
    if loose_without_kong(hand):
        print("Warning: --loose-tile without a kong among the sets", file=sys.stderr)
    who = "winner" if hand.winner else "not the winner"
    print(f"Seat {args.seat.value}, round {args.round.value}, {who}: {args.sets}")
    if result.limit_hand:
        print(f"  limit hand: {result.limit_hand}")
    else:
        for item in result.point_items:
            print(f"  {hand_item(item)!s:<45} {item.value:>4} points")
        for item in result.double_items:
            doubles = "doubles" if item.value > 1 else "double"
            print(f"  {hand_item(item)!s:<45} {item.value:>4} {doubles}")
    print(hand_breakdown(result))
    print(f"Score: {result.score}")
    return 0
