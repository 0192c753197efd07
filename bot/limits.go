package bot

import "errors"

// ErrLimit: an identity asked for more than the bot's limits allow (a
// command rate, games, challenges or competitions at once).
var ErrLimit = errors.New("limit reached")
