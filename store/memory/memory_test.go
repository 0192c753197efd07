package memory_test

import (
	"testing"

	"github.com/ataxxbot/ataxxbot/bot"
	"github.com/ataxxbot/ataxxbot/bot/migrate"
	"github.com/ataxxbot/ataxxbot/store/memory"
	"github.com/ataxxbot/ataxxbot/store/storetest"
)

func TestContract(t *testing.T) {
	storetest.Run(t, func(t *testing.T) bot.Store { return memory.New() })
}

func TestArchiveContract(t *testing.T) {
	storetest.RunArchive(t, func(t *testing.T) bot.Archive { return memory.New() })
}

func TestLinkContract(t *testing.T) {
	storetest.RunLink(t, func(t *testing.T) bot.Archive { return memory.New() })
}

func TestPortableContract(t *testing.T) {
	storetest.RunPortable(t, func(t *testing.T) migrate.Target { return memory.New() })
}
