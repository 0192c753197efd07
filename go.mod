module github.com/ataxxbot/ataxxbot

go 1.26

require (
	go.etcd.io/bbolt v1.5.0
	go.yaml.in/yaml/v3 v3.0.6
)

require golang.org/x/sys v0.45.0 // indirect
