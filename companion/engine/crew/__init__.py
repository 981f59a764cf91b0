"""The crew: each Character's seat and death path (members), their commands
(handlers), and their Character board with its wounds (body, body_model)."""
