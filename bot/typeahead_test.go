package bot_test

import (
	"context"
	"testing"

	"github.com/ataxxbot/ataxxbot/bot"
	"github.com/ataxxbot/ataxxbot/bot/guessgame"
	"github.com/ataxxbot/ataxxbot/bot/hosttest"
	"github.com/ataxxbot/ataxxbot/store/memory"
)

// BenchmarkAwaitAIIdle is what a console pays before each line when no
// AI works anywhere: no store read, no wait.
func BenchmarkAwaitAIIdle(b *testing.B) {
	bt := hosttest.Must(hosttest.New(bot.Config{}, memory.New(), nil, []bot.Kind{guessgame.New(guessgame.Options{})}, nil))
	defer bt.Close()
	table := bot.Table{Network: "console", Channel: "console"}
	ctx := context.Background()
	b.ReportAllocs()
	for b.Loop() {
		if err := bt.AwaitAI(ctx, table); err != nil {
			b.Fatal(err)
		}
	}
}
