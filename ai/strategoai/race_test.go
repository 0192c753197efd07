//go:build race

package strategoai

const raceEnabled = true
