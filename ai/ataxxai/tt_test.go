package ataxxai

import (
	"context"
	"testing"

	"github.com/ataxxbot/ataxxbot/ai/search"
	"github.com/ataxxbot/ataxxbot/engine/ataxx"
)

// TestTableAllocatedBySearch checks that a searcher's transposition table
// is allocated by the first search, not by NewSearcher or SetHash, and that
// Clear before then is harmless.
func TestTableAllocatedBySearch(t *testing.T) {
	tests := []struct {
		name   string
		before func(s *Searcher)
		wantMB int
	}{
		{name: "new", before: func(*Searcher) {}, wantMB: 4},
		{name: "clear before any search", before: (*Searcher).Clear, wantMB: 4},
		{name: "set hash", before: func(s *Searcher) { s.SetHash(2) }, wantMB: 2},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			s := NewSearcher(4)
			tt.before(s)
			if s.HasTable() {
				t.Fatalf("HasTable() before any search = true; want false")
			}
			pos := ataxx.NewPosition()
			pos.SetRules(ataxx.RulesUAI)
			if res := s.Search(context.Background(), pos, search.Limits{Depth: 2}, search.Options{}, nil); res.Move == ataxx.NoMove {
				t.Fatalf("Search(start, depth 2) = NoMove; want a move")
			}
			if !s.HasTable() {
				t.Fatalf("HasTable() after a search = false; want true")
			}
			if got, want := s.tt.Bytes(), tt.wantMB<<20; got != want {
				t.Errorf("table size = %d bytes; want %d", got, want)
			}
			s.SetHash(1)
			if s.HasTable() {
				t.Errorf("HasTable() after SetHash = true; want false until the next search")
			}
		})
	}
}
