// k8s-check decodes every object of a rendered Helm chart (`helm template`
// output, on stdin or in the files named) strictly into Kubernetes' own API
// types: a misspelt or misplaced field, a wrong type, or a kind this checker
// does not know fails the check, naming the object and the field.
//
//	helm template judkins helm/judkins | k8s-check
package main

import (
	"bufio"
	"bytes"
	"errors"
	"fmt"
	"io"
	"os"
	"strings"

	appsv1 "k8s.io/api/apps/v1"
	autoscalingv2 "k8s.io/api/autoscaling/v2"
	corev1 "k8s.io/api/core/v1"
	networkingv1 "k8s.io/api/networking/v1"
	policyv1 "k8s.io/api/policy/v1"
	"sigs.k8s.io/yaml"
)

// typeMeta is what every object starts with: enough to choose its type.
type typeMeta struct {
	APIVersion string `json:"apiVersion"`
	Kind       string `json:"kind"`
	Metadata   struct {
		Name string `json:"name"`
	} `json:"metadata"`
}

// newObject returns an empty object of the Go type of apiVersion/kind.
func newObject(apiVersion, kind string) (any, error) {
	switch apiVersion + "/" + kind {
	case "v1/Secret":
		return &corev1.Secret{}, nil
	case "v1/Service":
		return &corev1.Service{}, nil
	case "v1/ConfigMap":
		return &corev1.ConfigMap{}, nil
	case "apps/v1/StatefulSet":
		return &appsv1.StatefulSet{}, nil
	case "apps/v1/Deployment":
		return &appsv1.Deployment{}, nil
	case "policy/v1/PodDisruptionBudget":
		return &policyv1.PodDisruptionBudget{}, nil
	case "autoscaling/v2/HorizontalPodAutoscaler":
		return &autoscalingv2.HorizontalPodAutoscaler{}, nil
	case "networking.k8s.io/v1/NetworkPolicy":
		return &networkingv1.NetworkPolicy{}, nil
	case "monitoring.coreos.com/v1/ServiceMonitor":
		return &ServiceMonitor{}, nil
	case "monitoring.coreos.com/v1/PodMonitor":
		return &PodMonitor{}, nil
	case "monitoring.coreos.com/v1/PrometheusRule":
		return &PrometheusRule{}, nil
	}
	return nil, fmt.Errorf("unknown kind %s %s (add its type to k8s-check)", apiVersion, kind)
}

// splitDocuments splits a YAML stream at its "---" lines.
func splitDocuments(stream []byte) [][]byte {
	var documents [][]byte
	var current bytes.Buffer
	scanner := bufio.NewScanner(bytes.NewReader(stream))
	scanner.Buffer(make([]byte, 1<<20), 64<<20)
	for scanner.Scan() {
		line := scanner.Text()
		if strings.HasPrefix(line, "---") {
			documents = append(documents, append([]byte(nil), current.Bytes()...))
			current.Reset()
			continue
		}
		current.WriteString(line)
		current.WriteByte('\n')
	}
	return append(documents, current.Bytes())
}

// isEmpty says whether a document holds only comments and blank lines.
func isEmpty(document []byte) bool {
	for _, line := range strings.Split(string(document), "\n") {
		trimmed := strings.TrimSpace(line)
		if trimmed != "" && !strings.HasPrefix(trimmed, "#") {
			return false
		}
	}
	return true
}

// decodeAll decodes every document strictly; it returns the objects that
// passed, typed, and one error per object that did not.
func decodeAll(stream []byte) ([]any, []error) {
	var failures []error
	var objects []any
	for _, document := range splitDocuments(stream) {
		if isEmpty(document) {
			continue
		}
		var meta typeMeta
		if err := yaml.Unmarshal(document, &meta); err != nil {
			failures = append(failures, fmt.Errorf("not YAML: %w", err))
			continue
		}
		what := fmt.Sprintf("%s %q", meta.Kind, meta.Metadata.Name)
		if meta.Metadata.Name == "" {
			failures = append(failures, fmt.Errorf("%s: metadata.name is missing", what))
			continue
		}
		object, err := newObject(meta.APIVersion, meta.Kind)
		if err != nil {
			failures = append(failures, fmt.Errorf("%s: %w", what, err))
			continue
		}
		if err := yaml.UnmarshalStrict(document, object); err != nil {
			failures = append(failures, fmt.Errorf("%s: %w", what, err))
			continue
		}
		objects = append(objects, object)
	}
	return objects, failures
}

// check is decodeAll's verdict: how many objects passed, and the failures.
func check(stream []byte) (int, []error) {
	objects, failures := decodeAll(stream)
	return len(objects), failures
}

func main() {
	var stream []byte
	var err error
	if len(os.Args) > 1 {
		for _, path := range os.Args[1:] {
			var content []byte
			if content, err = os.ReadFile(path); err != nil {
				break
			}
			stream = append(append(stream, content...), []byte("\n---\n")...)
		}
	} else {
		stream, err = io.ReadAll(os.Stdin)
	}
	if err != nil {
		fmt.Fprintln(os.Stderr, "k8s-check:", err)
		os.Exit(2)
	}
	passed, failures := check(stream)
	for _, failure := range failures {
		fmt.Fprintln(os.Stderr, "k8s-check:", failure)
	}
	if len(failures) > 0 {
		os.Exit(1)
	}
	if passed == 0 {
		fmt.Fprintln(os.Stderr, "k8s-check:", errors.New("no objects in the input"))
		os.Exit(1)
	}
	fmt.Printf("k8s-check: %d objects decoded strictly\n", passed)
}
