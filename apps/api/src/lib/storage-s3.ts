import type { Readable } from "node:stream";
import {
  DeleteObjectCommand,
  GetObjectCommand,
  NoSuchKey,
  PutObjectCommand,
  S3Client,
} from "@aws-sdk/client-s3";
import type { S3StorageConfig } from "../config.ts";
import type { FileStorage } from "./storage.ts";
import { contentTypeOf, isPrivateKey, isStorageKey } from "./storage-keys.ts";

/**
 * Files in an S3-compatible bucket (AWS S3, MinIO, Ceph…). Objects are written with their type
 * and a year-long cache header, so a bucket website or CDN at `publicUrl` serves them as the app
 * would; without `publicUrl` the app streams them from the bucket at `/uploads/<key>`.
 */
export function createS3Storage(config: S3StorageConfig): FileStorage {
  const client = new S3Client({
    region: config.region,
    ...(config.endpoint ? { endpoint: config.endpoint, forcePathStyle: true } : {}),
    ...(config.credentials ? { credentials: config.credentials } : {}),
    // Checksums only where S3 demands them: other S3-compatible stores may not know the newer headers.
    requestChecksumCalculation: "WHEN_REQUIRED",
    responseChecksumValidation: "WHEN_REQUIRED",
    requestHandler: { connectionTimeout: 3000, requestTimeout: 30_000 },
  });
  const checked = (key: string) => {
    if (!isStorageKey(key)) throw new Error(`bad storage key: ${key}`);
    return key;
  };
  return {
    async put(key, data) {
      await client.send(
        new PutObjectCommand({
          Bucket: config.bucket,
          Key: checked(key),
          Body: data,
          ContentType: contentTypeOf(key) ?? "application/octet-stream",
          CacheControl: isPrivateKey(key) ? "private, no-store" : "public, max-age=31536000, immutable",
        }),
      );
    },
    async remove(key) {
      // S3 answers 204 for a key that is not there, too.
      await client.send(new DeleteObjectCommand({ Bucket: config.bucket, Key: checked(key) }));
    },
    async open(key) {
      if (!isStorageKey(key)) return null;
      try {
        const object = await client.send(new GetObjectCommand({ Bucket: config.bucket, Key: key }));
        if (!object.Body || object.ContentLength === undefined) return null;
        return { stream: object.Body as Readable, size: object.ContentLength };
      } catch (error) {
        if (error instanceof NoSuchKey) return null;
        throw error;
      }
    },
    publicUrl: (key) => `${config.publicUrl ?? "/uploads"}/${key}`,
  };
}
