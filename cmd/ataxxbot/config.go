package main

import (
	"bytes"
	"fmt"
	"os"
	"time"

	"go.yaml.in/yaml/v3"
)

// Config is the YAML configuration file; config.example.yaml documents
// every option.
type Config struct {
	Prefix   string   `yaml:"prefix"`
	Admins   []string `yaml:"admins"`
	Rules    string   `yaml:"rules"`
	Store    string   `yaml:"store"`
	LogLevel string   `yaml:"log_level"`
	AI       struct {
		DefaultLevel int `yaml:"default_level"`
		MaxLevel     int `yaml:"max_level"`
	} `yaml:"ai"`
	Challenge struct {
		Timeout    time.Duration `yaml:"timeout"`
		UndoWindow time.Duration `yaml:"undo_window"`
	} `yaml:"challenge"`
	Console struct {
		Channel string `yaml:"channel"`
		User    string `yaml:"user"`
	} `yaml:"console"`
}

// loadConfig reads a config file; unknown keys are errors, so a typo does
// not silently fall back to a default.
func loadConfig(path string) (Config, error) {
	var c Config
	data, err := os.ReadFile(path)
	if err != nil {
		return c, fmt.Errorf("config: %w", err)
	}
	dec := yaml.NewDecoder(bytes.NewReader(data))
	dec.KnownFields(true)
	if err := dec.Decode(&c); err != nil {
		return c, fmt.Errorf("config %s: %w", path, err)
	}
	return c, nil
}
