"""The wire: marshmallow shapes of every request and response, nothing else."""
