package tourney

import "time"

// View is a tournament as a page shows it.
type View struct {
	ID      string
	Kind    string // "ataxx"
	Title   string // "Ataxx"
	Format  string // "round robin"
	Rounds  int
	Clock   string // "2s + 20ms a move", "" untimed
	State   string // waiting, running, finished, stopped
	Running bool   // waiting or running
	Players []string
	// Standings and Crosstable are the tables as chat shows them,
	// monospaced; Rows are the standings for a page's own table.
	Standings  string
	Crosstable string
	Rows       []StandingView
	Games      []GameView
	Played     int
	Total      int
	Created    time.Time
	Ended      time.Time // zero while it runs
}

// StandingView is one line of a tournament's standings.
type StandingView struct {
	Rank                       int
	Name                       string
	Points                     string // "2.5"
	Games, Wins, Draws, Losses int
	Elo                        string // "+120 ± 80"
	SB                         string // Sonneborn-Berger, "3.5"
}

// GameView is one game of a tournament.
type GameView struct {
	Round         int
	First, Second string
	Result        string // "1-0", "½-½", "0-1"; "" while not played, "running", "void", "stopped"
	Ending        string
	GameID        string // the archive id, once it began
}
