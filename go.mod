module github.com/ataxxbot/ataxxbot

go 1.26
