package main

// The prometheus-operator kinds the chart renders, as far as the chart uses
// them (monitoring.coreos.com/v1). Kubernetes' own module does not define
// them, and the operator's module would bring much more than these fields;
// strict decoding against them still catches a misspelt field.

type objectMeta struct {
	Name        string            `json:"name"`
	Namespace   string            `json:"namespace,omitempty"`
	Labels      map[string]string `json:"labels,omitempty"`
	Annotations map[string]string `json:"annotations,omitempty"`
}

type labelSelector struct {
	MatchLabels map[string]string `json:"matchLabels,omitempty"`
}

type endpoint struct {
	Port     string `json:"port"`
	Path     string `json:"path,omitempty"`
	Interval string `json:"interval,omitempty"`
}

// ServiceMonitor selects Services whose endpoints Prometheus scrapes.
type ServiceMonitor struct {
	APIVersion string     `json:"apiVersion"`
	Kind       string     `json:"kind"`
	Metadata   objectMeta `json:"metadata"`
	Spec       struct {
		Selector  labelSelector `json:"selector"`
		Endpoints []endpoint    `json:"endpoints"`
	} `json:"spec"`
}

// PodMonitor selects pods whose ports Prometheus scrapes.
type PodMonitor struct {
	APIVersion string     `json:"apiVersion"`
	Kind       string     `json:"kind"`
	Metadata   objectMeta `json:"metadata"`
	Spec       struct {
		Selector            labelSelector `json:"selector"`
		PodMetricsEndpoints []endpoint    `json:"podMetricsEndpoints"`
	} `json:"spec"`
}

type rule struct {
	Record        string            `json:"record,omitempty"`
	Alert         string            `json:"alert,omitempty"`
	Expr          string            `json:"expr"`
	For           string            `json:"for,omitempty"`
	KeepFiringFor string            `json:"keep_firing_for,omitempty"`
	Labels        map[string]string `json:"labels,omitempty"`
	Annotations   map[string]string `json:"annotations,omitempty"`
}

type ruleGroup struct {
	Name     string `json:"name"`
	Interval string `json:"interval,omitempty"`
	Rules    []rule `json:"rules"`
}

// PrometheusRule holds recording and alerting rule groups.
type PrometheusRule struct {
	APIVersion string     `json:"apiVersion"`
	Kind       string     `json:"kind"`
	Metadata   objectMeta `json:"metadata"`
	Spec       struct {
		Groups []ruleGroup `json:"groups"`
	} `json:"spec"`
}
