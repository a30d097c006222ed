# The two commands: `make run` and `make test`. Both install what is missing first.
SHELL := /bin/bash
VENV ?= .venv
PY := $(VENV)/bin/python
APPLIANCE := $(VENV)/bin/appliance
# cpu | gpu | auto (gpu when an NVIDIA driver is loaded)
VLLM_TARGET ?= auto
DEV := .dev
export VENV VLLM_TARGET

.PHONY: install run test lint bench fuzz proto demo-model certs clean

install:
	@scripts/install.sh

$(DEV)/model/config.json: | install
	$(APPLIANCE) model build-demo $(DEV)/model

# The demo model is signed with the committed DEVELOPMENT key the example policy pins; the
# daemon verifies it (and stages a read-only copy) before vLLM loads it.
$(DEV)/model.sig: $(DEV)/model/config.json | install
	$(APPLIANCE) model sign $(DEV)/model --key config/dev-model-signing/model-signing.key --signature $(DEV)/model.sig

$(DEV)/pki/ca.pem: | install
	$(APPLIANCE) dev-certs $(DEV)/pki

$(DEV)/audit/audit-signing.key: | install
	$(APPLIANCE) audit keygen $(DEV)/audit

demo-model: install $(DEV)/model/config.json $(DEV)/model.sig
certs: install $(DEV)/pki/ca.pem

run: install $(DEV)/model/config.json $(DEV)/model.sig $(DEV)/pki/ca.pem $(DEV)/audit/audit-signing.key
	@echo
	@echo "Starting the appliance on localhost:8443 (mTLS) and unix:$(DEV)/appliance.sock."
	@echo "In another terminal, once it logs 'serving':"
	@echo
	@echo "  $(APPLIANCE) generate --target localhost:8443 --ca $(DEV)/pki/ca.pem --cert $(DEV)/pki/client.pem --key $(DEV)/pki/client.key --model demo --prompt 'Hello, appliance' --max-tokens 32"
	@echo "  $(APPLIANCE) status --target unix:$(DEV)/appliance.sock"
	@echo "  $(APPLIANCE) audit verify $(DEV)/state/audit --public-key $(DEV)/audit/audit-signing.pub"
	@echo
	exec $(APPLIANCE) serve --config config/dev.yaml

lint: install
	$(VENV)/bin/ruff check .
	$(VENV)/bin/ruff format --check .
	$(VENV)/bin/mypy

test: install lint
	$(VENV)/bin/pytest -ra

bench: install
	$(PY) bench/generate_overhead.py
	$(PY) bench/e2e.py
	$(PY) bench/daemon_cpu.py
	$(PY) bench/screening.py
	$(PY) bench/public_sets.py
	$(PY) bench/plugins.py
	$(PY) bench/model_verify.py
	$(PY) bench/router_decision.py
	$(APPLIANCE) bench router --trace ../shared/traces/azure_llm_2023_code.csv --engines 8 --rate-scale 3 --heatmap $(DEV)/bench
	$(PY) bench/uprobe_overhead.py
	# 10x the sustainable rate for 60 s; prints a verdict per check and exits 1 if one fails
	-$(PY) bench/overload.py --duration-s 60

# The property-based fuzzers of `make test` (tests/fuzz, "ci" profile, about a minute) with
# 50x the examples and shrinking, the literal prefilter's check over every spelling of
# every shipped text, and the embedding head refitted from scratch (`make test` checks
# only that it was fitted on the rows and settings training gives now): 30-40 minutes.
fuzz: install
	APPLIANCE_FUZZ_PROFILE=fuzz $(VENV)/bin/pytest tests/fuzz \
		tests/appliance/screening/test_literals.py \
		tests/appliance/screening/test_embedding.py -ra --timeout=3600

proto: install
	scripts/gen_proto.sh

clean:
	rm -rf $(DEV) .pytest_cache .mypy_cache .ruff_cache
