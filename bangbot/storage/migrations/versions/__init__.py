"""The schema revisions, in folders of twenty (schema_0001_0020, then schema_0021_0040): a new one goes in the last."""
