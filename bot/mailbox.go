package bot

import "context"

// Mailbox is a store that keeps messages for other processes: replies one
// process makes for a table another process serves (a game hosted in one
// channel and joined from another network, or another console). Package
// bot/deliver posts and takes them.
type Mailbox interface {
	Post(ctx context.Context, box string, msg []byte) error
	Take(ctx context.Context, box string, n int) ([][]byte, error)
}
