"""What several pages share: the widgets and the theme, the flow pages' parts, the dialogs' base and the PIN pad, the
texts (numbers, names, rule sets, the messages of the domain and the store, an entry described) and the languages."""
