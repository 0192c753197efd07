//go:build !race

package redis_test

const raceEnabled = false
