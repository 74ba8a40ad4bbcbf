{{/*
The chart name, truncated to the 63 characters of a DNS label.
*/}}
{{- define "tarock.name" -}}
{{- default .Chart.Name .Values.nameOverride | trunc 63 | trimSuffix "-" }}
{{- end }}

{{/*
The full name of the release's resources. The headless Service appends "-headless" (9
characters), so the name stops at 54.
*/}}
{{- define "tarock.fullname" -}}
{{- if .Values.fullnameOverride }}
{{- .Values.fullnameOverride | trunc 54 | trimSuffix "-" }}
{{- else }}
{{- $name := default .Chart.Name .Values.nameOverride }}
{{- if contains $name .Release.Name }}
{{- .Release.Name | trunc 54 | trimSuffix "-" }}
{{- else }}
{{- printf "%s-%s" .Release.Name $name | trunc 54 | trimSuffix "-" }}
{{- end }}
{{- end }}
{{- end }}

{{/*
Chart name and version, for the helm.sh/chart label.
*/}}
{{- define "tarock.chart" -}}
{{- printf "%s-%s" .Chart.Name .Chart.Version | replace "+" "_" | trunc 63 | trimSuffix "-" }}
{{- end }}

{{/*
Selector labels: stable for the life of a release (a Deployment's selector is immutable).
*/}}
{{- define "tarock.selectorLabels" -}}
app.kubernetes.io/name: {{ include "tarock.name" . }}
app.kubernetes.io/instance: {{ .Release.Name }}
app.kubernetes.io/component: server
{{- end }}

{{/*
The standard labels of every resource.
*/}}
{{- define "tarock.labels" -}}
helm.sh/chart: {{ include "tarock.chart" . }}
{{ include "tarock.selectorLabels" . }}
app.kubernetes.io/version: {{ include "tarock.imageTag" . | trunc 63 | trimSuffix "-" | quote }}
app.kubernetes.io/part-of: tarock
app.kubernetes.io/managed-by: {{ .Release.Service }}
{{- with .Values.commonLabels }}
{{ toYaml . }}
{{- end }}
{{- end }}

{{/*
The ServiceAccount's name.
*/}}
{{- define "tarock.serviceAccountName" -}}
{{- if .Values.serviceAccount.create }}
{{- default (include "tarock.fullname" .) .Values.serviceAccount.name }}
{{- else }}
{{- default "default" .Values.serviceAccount.name }}
{{- end }}
{{- end }}

{{/*
The image tag: the value, or the chart's appVersion.
*/}}
{{- define "tarock.imageTag" -}}
{{- default .Chart.AppVersion .Values.image.tag }}
{{- end }}

{{/*
The image reference, pinned by digest when one is given.
*/}}
{{- define "tarock.image" -}}
{{- if .Values.image.digest }}
{{- printf "%s:%s@%s" .Values.image.repository (include "tarock.imageTag" .) .Values.image.digest }}
{{- else }}
{{- printf "%s:%s" .Values.image.repository (include "tarock.imageTag" .) }}
{{- end }}
{{- end }}

{{/*
The checksum of the sealing key ring, so that pods roll when the keys change. Taken from the
value when given, else from the Secret's data as the cluster has it (lookup answers nothing
under `helm template`, which then renders the checksum of an empty key ring).
*/}}
{{- define "tarock.sealingChecksum" -}}
{{- if .Values.sealing.checksum }}
{{- .Values.sealing.checksum }}
{{- else }}
{{- $secret := lookup "v1" "Secret" .Release.Namespace .Values.sealing.existingSecret }}
{{- $secret.data | default dict | toJson | sha256sum }}
{{- end }}
{{- end }}

{{/*
Checks of combinations the schema cannot express.
*/}}
{{- define "tarock.validate" -}}
{{- if and .Values.sealing.refuseOpenRecords (not .Values.sealing.existingSecret) }}
{{- fail "sealing.refuseOpenRecords needs sealing.existingSecret: without a key ring the server could serve nothing" }}
{{- end }}
{{- if and .Values.metrics.serviceMonitor.enabled (not .Values.metrics.enabled) }}
{{- fail "metrics.serviceMonitor.enabled needs metrics.enabled" }}
{{- end }}
{{- if le (int .Values.terminationGracePeriodSeconds) (add .Values.server.drainDelaySecs .Values.server.shutdownGraceSecs | int) }}
{{- fail "terminationGracePeriodSeconds must exceed server.drainDelaySecs + server.shutdownGraceSecs, or the kubelet kills pods before in-flight requests finish" }}
{{- end }}
{{- if and .Values.metrics.enabled (eq (int .Values.metrics.port) (int .Values.server.port)) }}
{{- fail "metrics.port must differ from server.port" }}
{{- end }}
{{- if le (int .Values.server.idleTimeoutSecs) (int .Values.server.keepaliveSecs) }}
{{- fail "server.idleTimeoutSecs must exceed server.keepaliveSecs, or connections of live clients close between pings" }}
{{- end }}
{{- if and .Values.autoscaling.enabled (lt (int .Values.autoscaling.maxReplicas) (int .Values.autoscaling.minReplicas)) }}
{{- fail "autoscaling.maxReplicas must be at least autoscaling.minReplicas" }}
{{- end }}
{{- end }}
