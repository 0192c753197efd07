package bot

// CloneRecord exposes Record.clone to the tests of package bot_test.
func CloneRecord(r *Record) *Record { return r.clone() }
