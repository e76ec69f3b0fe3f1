{{/* Names, labels and computed settings shared by the templates. */}}

{{- define "judkins.fullname" -}}
{{- if contains .Chart.Name .Release.Name -}}
{{- .Release.Name | trunc 50 | trimSuffix "-" -}}
{{- else -}}
{{- printf "%s-%s" .Release.Name .Chart.Name | trunc 50 | trimSuffix "-" -}}
{{- end -}}
{{- end -}}

{{- define "judkins.coordinator" -}}{{ include "judkins.fullname" . }}-coordinator{{- end -}}
{{- define "judkins.worker" -}}{{ include "judkins.fullname" . }}-worker{{- end -}}

{{- define "judkins.labels" -}}
app.kubernetes.io/name: {{ .Chart.Name }}
app.kubernetes.io/instance: {{ .Release.Name }}
app.kubernetes.io/version: {{ .Chart.AppVersion | quote }}
app.kubernetes.io/managed-by: {{ .Release.Service }}
helm.sh/chart: {{ printf "%s-%s" .Chart.Name .Chart.Version }}
{{- end -}}

{{/* Selector labels of one component: "coordinator" or "worker". */}}
{{- define "judkins.selector" -}}
app.kubernetes.io/name: {{ .root.Chart.Name }}
app.kubernetes.io/instance: {{ .root.Release.Name }}
app.kubernetes.io/component: {{ .component }}
{{- end -}}

{{- define "judkins.image" -}}
{{- printf "%s:%s" .repository (.root.Values.image.tag | default .root.Chart.AppVersion) -}}
{{- end -}}

{{/* The Secret holding worker-token and admin-token. */}}
{{- define "judkins.tokenSecret" -}}
{{- if .Values.auth.existingSecret -}}
{{- .Values.auth.existingSecret -}}
{{- else if .Values.auth.generateTokens -}}
{{- include "judkins.fullname" . }}-tokens
{{- else -}}
{{- required "auth.existingSecret is required when auth.generateTokens is false: name a Secret with the keys worker-token and admin-token" .Values.auth.existingSecret -}}
{{- end -}}
{{- end -}}

{{- define "judkins.tlsSecret" -}}
{{- required "tls.secretName is required when tls.enabled is true: name a Secret with tls.crt, tls.key and ca.crt" .Values.tls.secretName -}}
{{- end -}}

{{/* Games a worker plays at once: worker.concurrency, or one per whole CPU of its request. */}}
{{- define "judkins.workerConcurrency" -}}
{{- if gt (int .Values.worker.concurrency) 0 -}}
{{- .Values.worker.concurrency -}}
{{- else -}}
{{- $cpu := toString .Values.worker.resources.requests.cpu -}}
{{- $millis := 0 -}}
{{- if hasSuffix "m" $cpu -}}
{{- $millis = trimSuffix "m" $cpu | int -}}
{{- else -}}
{{- $millis = mulf $cpu 1000 | int -}}
{{- end -}}
{{- max 1 (div $millis 1000) -}}
{{- end -}}
{{- end -}}

{{/* The pod and container security settings every pod of the chart runs with. */}}
{{- define "judkins.podSecurityContext" -}}
runAsNonRoot: true
runAsUser: 10001
runAsGroup: 10001
fsGroup: 10001
seccompProfile:
  type: RuntimeDefault
{{- end -}}

{{- define "judkins.containerSecurityContext" -}}
allowPrivilegeEscalation: false
readOnlyRootFilesystem: true
capabilities:
  drop: [ALL]
{{- end -}}
