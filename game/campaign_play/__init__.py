"""Playing the refuge campaign (docs/CAMPAIGN.md): the campaign file (store.py), the
battles played headless (fight.py), and the whole of a cycle as the commands and the
window call it (play.py). The campaign's rules are game/campaign/ (pure, no engine)."""
