"""What the Results page shows, from the domain: standings in play (a substitute under his own name), the result
lines once over (the substitute not ranked, the absent player in his own line), the chart's points, and the
scores a hanchan started with (a table continued from paper, a voided start)."""

from __future__ import annotations

from refapp.domain.standings import EndReason, LineKind, PointKind, hanchan_report, start_scores
from tests.logs import draw, end, ev, fold, hand, riichi, ron, start, void


def missed(seat: int, substitute: str = "Zoe") -> dict:
    return ev("incident", seat=seat, offence="missed_hanchan", answers={"during_play": False}, substitute=substitute)


def test_standings_in_play_name_the_substitute_and_the_dealer():
    log = [start("ema-2012"), missed(0), ron(3, hand(0, points=12000)), riichi(1)]
    st = fold(log)
    report = hanchan_report(st, start_scores(log, st))
    assert report is not None and not report.over and report.end_reason is None
    assert [(r.rank, r.name.player, r.name.substitute, r.wind, r.dealer, r.score) for r in report.standings] == [
        (1, "Ann", "Zoe", 0, True, 12000),  # Zoe plays Ann's seat: the dealer kept the deal
        (2, "Cyd", "", 2, False, 0),
        (3, "Bob", "", 1, False, -1000),  # his riichi stick
        (4, "Dan", "", 3, False, -12000),
    ]
    assert report.riichi_sticks == 1 and (report.round_wind, report.hand, report.counters) == (0, 1, 1)
    assert [p.kind for p in report.chart] == [PointKind.START, PointKind.HAND, PointKind.NOW]
    assert report.chart[0].scores == (0, 0, 0, 0) and report.chart[-1].scores == (12000, -1000, 0, -12000)


def test_result_lines_once_over_the_substitute_not_ranked_and_the_absent_player_in_his_own_line():
    """EMA 2012 §5.7 (see test_results): Zoe 0 points and -30,000 uma, not ranked; Ann, absent, -30,000 uma."""
    log = [start("ema-2012"), missed(0), ron(3, hand(0, points=12000)), ron(2, hand(1, points=2000)), end()]
    st = fold(log)
    report = hanchan_report(st, start_scores(log, st))
    assert report is not None and report.over and report.end_reason is EndReason.TIME_LIMIT
    lines = [(x.kind, x.name, x.substitute_for, x.rank, x.score, x.final, x.overall) for x in report.results]
    assert lines == [
        (LineKind.SUBSTITUTE, "Zoe", "Ann", 1, 12000, -30000, None),
        (LineKind.PLAYER, "Bob", "", 2, 2300, 12300, 12300),
        (LineKind.PLAYER, "Cyd", "", 3, -2300, -12300, -12300),
        (LineKind.PLAYER, "Dan", "", 4, -12000, -42000, -42000),
        (LineKind.ABSENT, "Ann", "", None, None, -30000, -30000),
    ]
    assert report.chart[-1].kind is PointKind.HAND  # the last hand's scores are the final ones


def test_a_hanchan_continued_from_paper_starts_the_chart_at_its_resumed_scores_and_a_voided_start_is_skipped():
    wrong = start("ema-2016", resume={"scores": [20000, 40000, 30000, 30000], "hand": 1})
    log = [wrong, void(wrong), start("ema-2016", resume={"scores": [25000, 35000, 30000, 30000], "hand": 2})]
    st = fold(log)
    assert start_scores(log, st) == [25000, 35000, 30000, 30000]
    plain = [start("ema-2016"), draw()]
    assert start_scores(plain, fold(plain)) == [30000] * 4
    assert hanchan_report(fold([]), None) is None


def test_an_end_reason_in_the_referees_own_words_is_kept_as_recorded():
    st = fold([start("ema-2016"), end("fire alarm")])
    report = hanchan_report(st)
    assert report is not None and report.end_reason is None and report.end_text == "fire alarm"
