"""The result as text the table can share (and carry in a QR code): who won and why,
everyone's fate and objective, and how long the game lasted."""
from __future__ import annotations

from companion.engine.views import VictoryView
from companion.engine.views import PublicView

from ..i18n_view import Texts
from .names import death_text, objective_text, token_label, why_text


def game_length(texts: Texts, victory: VictoryView) -> str:
    """Rounds, where Time stood at the end, and the clock when both ends are known."""
    t = texts.t
    parts = [t("ui.victory.length.rounds", count=victory.rounds),
             t("ui.victory.length.time_slot", slot=victory.time_slot)]
    if victory.started_at is not None and victory.finished_at is not None:
        minutes = max(0, round((victory.finished_at - victory.started_at).total_seconds() / 60))
        parts.append(t("ui.victory.length.clock", hours=minutes // 60, minutes=minutes % 60))
    return " · ".join(parts)


def verdict_lines(texts: Texts, game: PublicView, seat: int) -> tuple[str, str]:
    """(headline, details) of one player's result."""
    t = texts.t
    victory = game.victory
    assert victory is not None
    verdict = victory.verdict(seat)
    member = game.member(seat)
    who = t("ui.common.player_character", name=member.name, character=texts.character(member.character))
    if verdict is None:
        return who, ""
    head = t("ui.victory.result.wins" if verdict.wins else "ui.victory.result.loses", who=who)
    details: list[str] = []
    if verdict.death is not None:
        details.append(death_text(texts, verdict.death))
    else:
        details.append(t("ui.victory.result.survived"))
    if verdict.objective is not None:
        objective = objective_text(texts, game, verdict.objective)
        result = verdict.objective_result
        mark = t("ui.victory.result.met") if result is not None and result.met else t("ui.victory.result.not_met")
        why = why_text(texts, game, result) if result is not None else ""
        details.append(t("ui.victory.result.objective", objective=objective, mark=mark, why=why))
    return head, " — ".join(details)


def summary_text(texts: Texts, game: PublicView) -> str:
    t = texts.t
    victory = game.victory
    assert victory is not None
    lines = [t("ui.victory.summary.title"), t(f"end_reason.{victory.reason.value}"), game_length(texts, victory)]
    if victory.active is not None:
        lines.append(t("ui.victory.summary.active", token=token_label(texts, victory.active)))
    if victory.team_wins is not None:
        lines.append(t("ui.victory.result.team_won" if victory.team_wins else "ui.victory.result.team_lost"))
    for entry in victory.roster:
        head, details = verdict_lines(texts, game, entry.seat)
        lines.append(f"{head}: {details}" if details else head)
    return "\n".join(lines)
