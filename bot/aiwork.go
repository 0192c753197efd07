package bot

import (
	"context"
	"sync"
)

// aiWork plays the AI's turns at the tables: inline, for a bot without a
// Sender, or by a worker per table that delivers through the Sender (see
// Async), from at most Config.Searchers searches at a time.
type aiWork struct {
	b *Bot // the host whose tables it plays

	// Asynchronous AI moves (see Async).
	sender  Sender
	slots   chan struct{} // one per search allowed to run
	ctx     context.Context
	stopAll context.CancelFunc
	mu      sync.Mutex
	running map[string]*worker // table key -> its AI worker
	workers sync.WaitGroup
}
