"""Two people playing Toppo and Spit through the real bot: how soon each sees the other's move.

    .venv/bin/python -m bench.bench_play [--seconds 60] [--seed 1]

The real ``bot.py`` runs as a subprocess against the offline Discord stand-in
(``tests/fakediscord``), exactly as in the end-to-end tests. Two scripted people, alice and
bruno, open a table, join it and play against each other: each looks at their private panel as
Discord shows it to them *now*, decides like a careful player (the engine's own search for a top
or a match in Toppo; the first card that fits in Spit, else turn a card up, else call spit or
slap when the panel says so), waits a human reaction time (300 to 700 ms, seeded) and presses.
When a game ends they start the next one. Each game is played for ``--seconds`` twice in one
run: with live panels (the bot's default) and with ``LIVE_PANELS=off`` (the baseline: a panel
changes only when its owner presses).

Measured, per game and mode, over every move the bot applied:

- public: from the move's answer to the next edit of the table message reaching Discord (the
  picture everyone sees). An edit already drawing when the move was made can land just after
  it without showing it; that makes the figure a little optimistic, by at most one edit spacing
  in those cases (about a tenth of moves, by the edit's drawing time against the spacing).
- panel: from the move's answer to the next edit of the other player's panel (with live panels
  off, that is the other player's own next press);
- too late: the share of presses the bot refused because the table had moved on since the panel
  the press came from ("That moment has passed", "Too late", "outdated").

Goals: public p50 <= 1.0 s, panel p50 <= 1.5 s, too-late share <= 5%. Ends with one JSON line.
"""

from __future__ import annotations

import argparse
import asyncio
import bisect
import json
import random
import statistics
import sys
import tempfile
import time
from collections import defaultdict
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

REACTION = (0.3, 0.7)
"""A person's reaction time, seconds, drawn uniformly for each press."""
GOALS = {"public_p50": 1.0, "panel_p50": 1.5, "too_late_share": 0.05}


@dataclass
class Run:
    """What one game in one mode measured."""

    moves: list[tuple[float, str]] = field(default_factory=list)
    """(when the move's answer arrived, who moved)."""
    presses: int = 0
    too_late: int = 0


def percentile(values: list[float], share: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(share * len(ordered)))] if ordered else float("nan")


async def play(game: str, live: bool, seconds: float, seed: int) -> dict[str, Any]:
    """One game for ``seconds`` against a fresh bot and stand-in; returns its figures."""
    from engine.toppo.ai import find_matches, find_top
    from tests.conftest import build_world
    from tests.e2e import toppo_play
    from tests.fakediscord import BotProcess, FakeDiscord
    from tests.fakediscord.model import JSON, Message
    from tests.fakediscord.rest import Call, Rest

    # It times the bot; the tests hold the traffic to Discord's API description.
    fake = FakeDiscord(settle_quiet=0.02, check_contract=False)
    world = build_world(fake)
    edits: dict[int, list[float]] = defaultdict(list)
    plain_edit = Rest._edit

    def recorded_edit(
        rest: Rest, call: Call, message: Message, payload: JSON, *, path: list[str | int]
    ) -> None:
        plain_edit(rest, call, message, payload, path=path)
        edits[message.id].append(time.monotonic())

    Rest._edit = recorded_edit  # type: ignore[method-assign, assignment]
    await fake.start()
    database = Path(tempfile.mkdtemp(prefix="gamenight-play-")) / "bench.sqlite3"
    bot = BotProcess(fake, database, log_level="WARNING", env={"LIVE_PANELS": "on" if live else "off"})
    await bot.start(timeout=60)
    rng = random.Random(seed)
    run = Run()
    text = toppo_play.text

    async def react() -> None:
        await asyncio.sleep(rng.uniform(*REACTION))

    alice, bruno = world.alice, world.bruno
    command = f"{game} start"
    lobby = (await alice.slash(command)).message
    await bruno.press(lobby, label=text("lobby.join", "en-US"))
    await toppo_play.wait_public(world, lambda m: "(2/" in m.text)
    await alice.press(lobby, label=text("lobby.start"))
    panel_label = text("toppo.table.my_line") if game == "toppo" else text("spit.table.my_cards")
    table_title = "Toppo, game" if game == "toppo" else "Spit, match"
    late_notes = {
        text(key, person.locale)
        for key in ("toppo.too_late", "spit.note.outdated", "reason.stale")
        for person in (alice, bruno)
    }
    late_starts = tuple(text("spit.note.too_late", p.locale).split(":")[0] for p in (alice, bruno))
    own: dict[int, set[int]] = {alice.id: set(), bruno.id: set()}
    """Every panel message each person has had (a new game opens a new one)."""

    def is_late(note: str | None) -> bool:
        return note is not None and (note in late_notes or note.startswith(late_starts))

    def table_message() -> Any:
        tables = [m for m in toppo_play.public(world) if str(m.card.get("title", "")).startswith(table_title)]
        return tables[-1] if tables else None

    def enabled(message: Any, action: str) -> list[str]:
        return [
            str(b["custom_id"])
            for b in message.buttons()
            if str(b["custom_id"]).split(":")[2] == action and not b.get("disabled")
        ]

    def toppo_decide(actor: Any, message: Any) -> str | None:
        """tests.e2e.toppo_play.step's choice, one press at a time."""
        panel = toppo_play.Panel.read(actor, message)
        first = next
        if panel.status == "waiting":
            return None
        if panel.left < 10:
            return first(iter(enabled(message, "toppo")), None)
        size = len(panel.display)
        picks = enabled(message, "pick")
        if picks and len(panel.line) == size and (order := find_top(panel.line, panel.display)) is not None:
            done = message.card["description"].count("←")
            if done == size:
                return first(iter(enabled(message, "top")), None)
            wanted = "." + "".join(map(str, order[: done + 1]))
            return first((c for c in picks if c.endswith(wanted)), None)
        if picks and (matches := find_matches(panel.line, panel.display)):
            index, slot = matches[0]
            match = [c for c in enabled(message, "match") if c.endswith(f"{index}{slot}")]
            return match[0] if match else first((c for c in picks if c.endswith(f".{index}")), None)
        return first(iter(enabled(message, "turn") + enabled(message, "renew")), None)

    calls = {
        text(f"spit.status.{key}", p.locale)
        for key in ("start", "stalemate", "you_spit_alone")
        for p in (alice, bruno)
    }
    slaps = {text(f"spit.status.{key}", p.locale) for key in ("slap", "you_choose") for p in (alice, bruno)}

    def spit_decide(actor: Any, message: Any) -> str | None:
        """The first card that fits, else a card to turn up or move, else a call the panel asks for."""
        for action in ("play", "turn", "move"):
            if found := enabled(message, action):
                return found[0]
        status = message.card["description"].split("\n")[0]
        if status in calls:
            return next(iter(enabled(message, "spit")), None)
        if status in slaps:
            return next(iter(enabled(message, "slap")), None)
        return None

    decide = toppo_decide if game == "toppo" else spit_decide

    async def next_game(results: Any) -> None:
        """Press "Next game" or "Rematch" on a game's results (either person may)."""
        for custom_id in enabled(results, "next") if results is not None else []:
            await alice.press_anyway(results, custom_id=custom_id)
            return

    async def person(actor: Any) -> None:
        """Look at the panel as it is now, react, press; until time is up."""
        message = None
        while time.monotonic() < deadline:
            table = table_message()
            if table is None or not any(b.get("label") == panel_label for b in table.buttons()):
                await next_game(table)
                await asyncio.sleep(0.3)
                continue
            if message is None or message.id not in own[actor.id]:
                opened = await actor.press(table, label=panel_label)
                message = opened.message
                own[actor.id].add(message.id)
            seen = actor.current(message)
            custom_id = decide(actor, seen) if seen.buttons() else None
            await react()
            if custom_id is None:  # nothing to do on this panel: a person looks again, or refreshes
                if not live and seen.buttons():
                    custom_id = next(iter(enabled(seen, "refresh")), None)
                if custom_id is None:
                    if not seen.buttons():
                        message = None
                    continue
            try:
                reply = await actor.press_anyway(actor.current(message), custom_id=custom_id)
            except Exception:  # the button went with a redraw between looking and pressing
                continue
            if reply.response_type != 7:
                continue
            action = custom_id.split(":")[2]
            if action in ("refresh", "pick"):
                continue
            lines = reply.message.card.get("description", "").split("\n")
            note = next((line[2:] for line in lines if line.startswith("> ")), None)
            run.presses += 1
            if is_late(note):
                run.too_late += 1
            elif note is None:
                run.moves.append((time.monotonic(), actor.member.user.username))

    await toppo_play.wait_public(world, lambda m: table_message() is not None)
    deadline = time.monotonic() + seconds
    await asyncio.gather(person(alice), person(bruno))
    code = await bot.stop(timeout=30)
    await fake.stop()
    Rest._edit = plain_edit  # type: ignore[method-assign]

    tables = {m.id for m in toppo_play.public(world) if str(m.card.get("title", "")).startswith(table_title)}
    table_edits = sorted(t for message_id in tables for t in edits[message_id])
    panels = {
        actor.member.user.username: sorted(t for message_id in own[actor.id] for t in edits[message_id])
        for actor in (alice, bruno)
    }
    public, panel = [], []
    for when, who in run.moves:
        after = bisect.bisect_right(table_edits, when)
        if after < len(table_edits):
            public.append(table_edits[after] - when)
        other = panels["bruno" if who == "alice" else "alice"]
        after = bisect.bisect_right(other, when)
        if after < len(other):
            panel.append(other[after] - when)
    return {
        "moves": len(run.moves),
        "public_p50": statistics.median(public) if public else float("nan"),
        "public_p99": percentile(public, 0.99),
        "panel_p50": statistics.median(panel) if panel else float("nan"),
        "panel_p99": percentile(panel, 0.99),
        "too_late_share": run.too_late / run.presses if run.presses else 0.0,
        "exit": code,
        "problems": len(fake.take_problems()),
    }


async def main(args: argparse.Namespace) -> int:
    results: dict[str, dict[str, Any]] = {}
    for game in ("toppo", "spit"):
        for live in (False, True):
            name = f"{game}_{'live' if live else 'baseline'}"
            results[name] = await play(game, live, args.seconds, args.seed)
    print(f"two people, reacting in {REACTION[0]:.1f}-{REACTION[1]:.1f} s, {args.seconds:.0f} s of each game")
    print("                        moves  public p50/p99   panel p50/p99    too late")
    for name, figures in results.items():
        public = f"{figures['public_p50']:5.2f}/{figures['public_p99']:5.2f} s"
        panel = f"{figures['panel_p50']:5.2f}/{figures['panel_p99']:5.2f} s"
        late = f"{100 * figures['too_late_share']:5.1f}%"
        print(f"  {name:<20} {figures['moves']:>6}  {public}   {panel}   {late}")
    for game in ("toppo", "spit"):
        with_live, base = results[f"{game}_live"], results[f"{game}_baseline"]
        met = all(with_live[key] <= goal for key, goal in GOALS.items())
        print(
            f"  {game}: live/baseline panel p50 x{with_live['panel_p50'] / base['panel_p50']:.2f}, "
            f"too late {100 * with_live['too_late_share']:.1f}% vs {100 * base['too_late_share']:.1f}%; "
            f"goals {'met' if met else 'NOT met'}"
        )
    print(
        json.dumps(
            {
                name: {k: round(v, 3) if isinstance(v, float) else v for k, v in f.items()}
                for name, f in results.items()
            }
        )
    )
    healthy = all(f["exit"] == 0 and f["problems"] == 0 for f in results.values())
    return 0 if healthy else 1


def parse_args() -> argparse.Namespace:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--seconds", type=float, default=60.0, help="seconds of play per game and mode")
    parser.add_argument("--seed", type=int, default=1, help="seeds the reaction times")
    return parser.parse_args()


if __name__ == "__main__":
    sys.exit(asyncio.run(main(parse_args())))
