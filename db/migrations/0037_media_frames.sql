-- 360° sequences (issue 33 §1, decision 105): a media item of type `sequence` keeps its frames, in turning order,
-- as [{original, thumbnail, medium, large}] (paths in the media store, derived as images are); the row's own
-- original, thumbnail, medium and large are its first frame's. The protected-media index reads these paths too.
ALTER TABLE "media" ADD COLUMN "frames" jsonb;
