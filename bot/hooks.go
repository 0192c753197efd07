package bot

// hooks is what the wiring attached to the host besides its referees and
// commands: the gates and checks a line and a command pass first, the
// subscribers told what happened, and the owners of owed work and of
// tables that callers play themselves.
type hooks struct {
	b *Bot // the host they are attached to

	guards guards          // what lines and commands pass first (gates.go)
	subs   []subscription  // told what happened (events.go)
	heard  [eventKinds]int // how many subscribers hear each kind

	// Owed marks and tables that callers play themselves (OwnOwed, OwnTables).
	owedOwners  []owedOwner
	ownedTables []OwnedTables

	locators []Locator // find where a game runs (AddLocator)
}
