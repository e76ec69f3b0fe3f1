package main

// The chart in helm/judkins, rendered by the real helm and checked as
// Kubernetes would take it: every values file renders objects that decode
// strictly, bad values are refused naming the problem, and the rendered
// objects keep the chart's promises (tokens never in arguments, pods locked
// down, a worker's grace inside its pod's).

import (
	"bytes"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"
	"testing"

	appsv1 "k8s.io/api/apps/v1"
	corev1 "k8s.io/api/core/v1"
	networkingv1 "k8s.io/api/networking/v1"
	"sigs.k8s.io/yaml"
)

const chart = "../../helm/judkins"

// helm runs helm with args; it returns stdout, and stderr without helm's
// notes about the chart's symbolic links.
func helm(args ...string) (string, string, error) {
	var out, errOut bytes.Buffer
	command := exec.Command("helm", args...)
	command.Stdout, command.Stderr = &out, &errOut
	err := command.Run()
	var kept []string
	for _, line := range strings.Split(errOut.String(), "\n") {
		if !strings.Contains(line, "found symbolic link in path") && line != "" {
			kept = append(kept, line)
		}
	}
	return out.String(), strings.Join(kept, "\n"), err
}

// render renders the chart with the values files given and decodes it strictly.
func render(t *testing.T, valuesFiles ...string) []any {
	t.Helper()
	args := []string{"template", "judkins", chart, "--namespace", "judkins"}
	for _, file := range valuesFiles {
		args = append(args, "--values", file)
	}
	out, errOut, err := helm(args...)
	if err != nil {
		t.Fatalf("helm template %v: %v\n%s", valuesFiles, err, errOut)
	}
	objects, failures := decodeAll([]byte(out))
	for _, failure := range failures {
		t.Errorf("values %v: %v", valuesFiles, failure)
	}
	return objects
}

func goodValuesFiles(t *testing.T) [][]string {
	files, err := filepath.Glob(filepath.Join(chart, "ci", "*-values.yaml"))
	if err != nil || len(files) < 3 {
		t.Fatalf("want at least three values files in %s/ci, got %v (%v)", chart, files, err)
	}
	sets := [][]string{nil} // the defaults
	for _, file := range files {
		sets = append(sets, []string{file})
	}
	return sets
}

func find[T any](objects []any) []*T {
	var found []*T
	for _, object := range objects {
		if typed, ok := object.(*T); ok {
			found = append(found, typed)
		}
	}
	return found
}

func one[T any](t *testing.T, objects []any) *T {
	t.Helper()
	found := find[T](objects)
	if len(found) != 1 {
		t.Fatalf("want one %T, got %d", *new(T), len(found))
	}
	return found[0]
}

func TestTheChartLintsStrictlyWithEveryValuesFile(t *testing.T) {
	for _, files := range goodValuesFiles(t) {
		args := []string{"lint", "--strict", chart}
		for _, file := range files {
			args = append(args, "--values", file)
		}
		if out, errOut, err := helm(args...); err != nil {
			t.Errorf("helm lint --strict %v: %v\n%s%s", files, err, out, errOut)
		}
	}
}

func TestEveryValuesFileRendersObjectsThatDecodeStrictly(t *testing.T) {
	for _, files := range goodValuesFiles(t) {
		if objects := render(t, files...); len(objects) < 6 {
			t.Errorf("values %v: only %d objects", files, len(objects))
		}
	}
}

func TestBadValuesAreRefusedNamingTheProblem(t *testing.T) {
	files, _ := filepath.Glob("../../tests/data/helm/*.yaml")
	if len(files) < 5 {
		t.Fatalf("want the bad values files of tests/data/helm, got %v", files)
	}
	for _, file := range files {
		content, err := os.ReadFile(file)
		if err != nil {
			t.Fatal(err)
		}
		first := strings.SplitN(string(content), "\n", 2)[0]
		expected, found := strings.CutPrefix(first, "# expect: ")
		if !found {
			t.Fatalf("%s: its first line must be '# expect: <message>'", file)
		}
		_, errOut, err := helm("template", "judkins", chart, "--values", file)
		if err == nil {
			t.Errorf("%s: rendered, want refused with %q", file, expected)
		} else if !strings.Contains(errOut, expected) {
			t.Errorf("%s: refused with\n%s\nwant %q", file, errOut, expected)
		}
	}
}

func TestAMissingSecretIsNamedEvenWhenTheSchemaIsSkipped(t *testing.T) {
	_, errOut, err := helm("template", "judkins", chart, "--skip-schema-validation", "--set", "auth.generateTokens=false")
	if err == nil || !strings.Contains(errOut, "auth.existingSecret is required when auth.generateTokens is false") {
		t.Errorf("want the required message, got %v\n%s", err, errOut)
	}
}

func podSpecs(objects []any) map[string]*corev1.PodSpec {
	specs := map[string]*corev1.PodSpec{}
	for _, set := range find[appsv1.StatefulSet](objects) {
		specs[set.Name] = &set.Spec.Template.Spec
	}
	for _, deployment := range find[appsv1.Deployment](objects) {
		specs[deployment.Name] = &deployment.Spec.Template.Spec
	}
	return specs
}

func TestTokensAreFilesFromTheSecretNeverArgumentsEnvironmentOrConfigMaps(t *testing.T) {
	for _, files := range goodValuesFiles(t) {
		objects := render(t, files...)
		var secretValues []string
		for _, secret := range find[corev1.Secret](objects) {
			for _, value := range secret.Data {
				secretValues = append(secretValues, string(value))
			}
		}
		for name, spec := range podSpecs(objects) {
			for _, container := range spec.Containers {
				for _, arg := range container.Args {
					if strings.Contains(arg, "token") && !strings.Contains(arg, "-token-file=/var/run/judkins/tokens/") {
						t.Errorf("%v %s: argument %q carries a token", files, name, arg)
					}
				}
				for _, env := range container.Env {
					if strings.Contains(strings.ToUpper(env.Name), "TOKEN") {
						t.Errorf("%v %s: environment variable %s", files, name, env.Name)
					}
				}
			}
		}
		for _, configMap := range find[corev1.ConfigMap](objects) {
			for key, data := range configMap.Data {
				for _, value := range secretValues {
					if strings.Contains(data, value) {
						t.Errorf("%v: ConfigMap %s/%s holds a token", files, configMap.Name, key)
					}
				}
			}
		}
	}
}

func TestEveryPodRunsAsNonRootWithoutCapabilitiesOnAReadOnlyRoot(t *testing.T) {
	for _, files := range goodValuesFiles(t) {
		for name, spec := range podSpecs(render(t, files...)) {
			pod := spec.SecurityContext
			if pod == nil || pod.RunAsNonRoot == nil || !*pod.RunAsNonRoot || pod.SeccompProfile == nil ||
				pod.SeccompProfile.Type != corev1.SeccompProfileTypeRuntimeDefault {
				t.Errorf("%v %s: pod security context %+v", files, name, pod)
			}
			for _, container := range spec.Containers {
				c := container.SecurityContext
				if c == nil || c.ReadOnlyRootFilesystem == nil || !*c.ReadOnlyRootFilesystem || c.Capabilities == nil ||
					len(c.Capabilities.Drop) != 1 || c.Capabilities.Drop[0] != "ALL" || c.AllowPrivilegeEscalation == nil ||
					*c.AllowPrivilegeEscalation {
					t.Errorf("%v %s/%s: container security context %+v", files, name, container.Name, c)
				}
				if container.Resources.Requests.Cpu().IsZero() || container.Resources.Limits.Memory().IsZero() {
					t.Errorf("%v %s/%s: resources %+v", files, name, container.Name, container.Resources)
				}
			}
		}
	}
}

// argument returns the value of --name=VALUE among args.
func argument(args []string, name string) (string, bool) {
	for _, arg := range args {
		if value, found := strings.CutPrefix(arg, "--"+name+"="); found {
			return value, true
		}
	}
	return "", false
}

func TestAWorkerPodOutlastsItsGraceAndPlaysOneGamePerCPUOfItsRequest(t *testing.T) {
	cases := []struct {
		files       []string
		concurrency string
	}{
		{nil, "2"}, // requests cpu: "2"
		{[]string{filepath.Join(chart, "ci", "autoscaling-values.yaml")}, "3"},
		{[]string{filepath.Join(chart, "ci", "monitoring-values.yaml")}, "4"}, // given
	}
	for _, c := range cases {
		worker := one[appsv1.Deployment](t, render(t, c.files...))
		container := worker.Spec.Template.Spec.Containers[0]
		grace, _ := argument(container.Args, "grace")
		seconds, err := strconv.Atoi(grace)
		if err != nil || worker.Spec.Template.Spec.TerminationGracePeriodSeconds == nil ||
			*worker.Spec.Template.Spec.TerminationGracePeriodSeconds <= int64(seconds) {
			t.Errorf("%v: --grace=%s, terminationGracePeriodSeconds %v", c.files, grace,
				worker.Spec.Template.Spec.TerminationGracePeriodSeconds)
		}
		if concurrency, _ := argument(container.Args, "concurrency"); concurrency != c.concurrency {
			t.Errorf("%v: --concurrency=%s, want %s", c.files, concurrency, c.concurrency)
		}
	}
	_, errOut, err := helm("template", "judkins", chart, "--set", "worker.resources.requests.cpu=500m")
	if err != nil {
		t.Fatalf("half a CPU: %v\n%s", err, errOut)
	}
	out, _, _ := helm("template", "judkins", chart, "--set", "worker.resources.requests.cpu=500m")
	if !strings.Contains(out, "--concurrency=1") {
		t.Errorf("half a CPU plays one game at once")
	}
}

func TestTheCoordinatorIsOneReplicaOnItsVolumeProbedOverGrpcOrTcpUnderTLS(t *testing.T) {
	for _, files := range goodValuesFiles(t) {
		objects := render(t, files...)
		coordinator := one[appsv1.StatefulSet](t, objects)
		if coordinator.Spec.Replicas == nil || *coordinator.Spec.Replicas != 1 ||
			len(coordinator.Spec.VolumeClaimTemplates) != 1 {
			t.Errorf("%v: replicas %v, claims %d", files, coordinator.Spec.Replicas,
				len(coordinator.Spec.VolumeClaimTemplates))
		}
		container := coordinator.Spec.Template.Spec.Containers[0]
		tls := len(files) == 1 && strings.Contains(files[0], "tls")
		for name, probe := range map[string]*corev1.Probe{"startup": container.StartupProbe,
			"readiness": container.ReadinessProbe, "liveness": container.LivenessProbe} {
			if probe == nil || (tls && probe.TCPSocket == nil) || (!tls && probe.GRPC == nil) {
				t.Errorf("%v: %s probe %+v", files, name, probe)
			}
		}
		if _, found := argument(container.Args, "tls-cert"); found != tls {
			t.Errorf("%v: --tls-cert given: %v", files, found)
		}
	}
}

func TestWorkersMayReachOnlyTheCoordinatorAndDNS(t *testing.T) {
	for _, policy := range find[networkingv1.NetworkPolicy](render(t)) {
		if !strings.HasSuffix(policy.Name, "-worker") {
			continue
		}
		if len(policy.Spec.Egress) != 2 {
			t.Fatalf("worker egress rules: %+v", policy.Spec.Egress)
		}
		toCoordinator := policy.Spec.Egress[0]
		if toCoordinator.To[0].PodSelector.MatchLabels["app.kubernetes.io/component"] != "coordinator" ||
			toCoordinator.Ports[0].Port.IntValue() != 50051 {
			t.Errorf("first egress rule: %+v", toCoordinator)
		}
		for _, port := range policy.Spec.Egress[1].Ports {
			if port.Port.IntValue() != 53 {
				t.Errorf("second egress rule reaches port %v, want DNS only", port.Port)
			}
		}
		return
	}
	t.Fatal("no worker NetworkPolicy")
}

func TestTheDashboardsAndRulesAreTheRepositoryOnes(t *testing.T) {
	objects := render(t, filepath.Join(chart, "ci", "monitoring-values.yaml"))
	dashboards, _ := filepath.Glob("../../dashboards/grafana/*.json")
	configMaps := find[corev1.ConfigMap](objects)
	if len(configMaps) != len(dashboards) {
		t.Fatalf("%d ConfigMaps for %d dashboards", len(configMaps), len(dashboards))
	}
	for _, dashboard := range dashboards {
		want, _ := os.ReadFile(dashboard)
		key := "judkins-" + filepath.Base(dashboard)
		found := false
		for _, configMap := range configMaps {
			if got, ok := configMap.Data[key]; ok {
				found = true
				if strings.TrimSpace(got) != strings.TrimSpace(string(want)) {
					t.Errorf("%s differs from %s", key, dashboard)
				}
				if configMap.Labels["grafana_dashboard"] != "1" {
					t.Errorf("%s: labels %v", configMap.Name, configMap.Labels)
				}
			}
		}
		if !found {
			t.Errorf("no ConfigMap holds %s", key)
		}
	}
	rules := one[PrometheusRule](t, objects)
	content, _ := os.ReadFile("../../dashboards/prometheus/rules.yml")
	var want struct {
		Groups []ruleGroup `json:"groups"`
	}
	if err := yaml.UnmarshalStrict(content, &want); err != nil {
		t.Fatal(err)
	}
	if fmt.Sprint(rules.Spec.Groups) != fmt.Sprint(want.Groups) {
		t.Errorf("PrometheusRule groups differ from dashboards/prometheus/rules.yml")
	}
}
