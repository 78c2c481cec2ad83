"""The fault and tamper campaign script runs, and holds in every category but the one it documents as breaking
(an attacker who rewrites the chain, the journal and the backups and signs again with the device key read from the
data folder: see docs/reliability.md)."""

from tests.store import campaign


def test_the_campaign_holds_one_trial_of_every_case(capsys):
    campaign.ROWS.clear()
    assert campaign.main(["--trials", "1"]) == 0
    out = capsys.readouterr().out
    assert "| **all** |" in out
    broke = [(case, n) for _, case, _, n in campaign.ROWS if n]
    assert broke == [("... and signed again with the key from the data folder", 1)], out
