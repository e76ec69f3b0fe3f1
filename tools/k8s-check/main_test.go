package main

import (
	"strings"
	"testing"
)

const validService = `apiVersion: v1
kind: Service
metadata:
  name: coordinator
spec:
  ports:
    - {name: grpc, port: 50051}
`

func TestAValidObjectPasses(t *testing.T) {
	passed, failures := check([]byte("# Source: a comment only\n---\n" + validService))
	if len(failures) != 0 || passed != 1 {
		t.Fatalf("passed %d, failures %v", passed, failures)
	}
}

func TestAMisspeltFieldFailsNamingTheObjectAndTheField(t *testing.T) {
	misspelt := `apiVersion: apps/v1
kind: Deployment
metadata:
  name: worker
spec:
  replicass: 2
`
	_, failures := check([]byte(validService + "---\n" + misspelt))
	if len(failures) != 1 {
		t.Fatalf("failures %v", failures)
	}
	for _, want := range []string{`Deployment "worker"`, "replicass"} {
		if !strings.Contains(failures[0].Error(), want) {
			t.Errorf("%q does not name %q", failures[0], want)
		}
	}
}

func TestAWrongTypeFails(t *testing.T) {
	_, failures := check([]byte(strings.Replace(validService, "port: 50051", "port: grpc-port", 1)))
	if len(failures) != 1 {
		t.Fatalf("failures %v", failures)
	}
}

func TestAFieldInTheWrongPlaceFails(t *testing.T) {
	misplaced := `apiVersion: monitoring.coreos.com/v1
kind: ServiceMonitor
metadata:
  name: coordinator
spec:
  endpoints:
    - port: metrics
      intervall: 30s
`
	if _, failures := check([]byte(misplaced)); len(failures) != 1 || !strings.Contains(failures[0].Error(), "intervall") {
		t.Fatalf("failures %v", failures)
	}
}

func TestAnUnknownKindFails(t *testing.T) {
	unknown := "apiVersion: example.com/v1\nkind: Gadget\nmetadata:\n  name: g\n"
	if _, failures := check([]byte(unknown)); len(failures) != 1 || !strings.Contains(failures[0].Error(), "unknown kind") {
		t.Fatalf("failures %v", failures)
	}
}

func TestAnObjectWithoutANameFails(t *testing.T) {
	if _, failures := check([]byte("apiVersion: v1\nkind: Secret\nmetadata: {}\n")); len(failures) != 1 {
		t.Fatalf("failures %v", failures)
	}
}
