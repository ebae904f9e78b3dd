/**
 * The interactive map of business pages and of the business form (Leaflet), loaded only where it
 * shows and only in the browser (`LazyBusinessMap`). Tiles and attribution come from the
 * configuration. When tiles cannot load the map stays an empty frame: the page beside it keeps the
 * address and a static "open in map" link.
 */
import "leaflet/dist/leaflet.css";
import { kyrgyzstanBounds } from "@unaa/contracts";
import L from "leaflet";
import { useEffect, useRef } from "react";

export interface BusinessMapProps {
  point: { lat: number; lng: number } | null;
  tiles: { url: string; attribution: string };
  /** The map's accessible name. */
  label: string;
  /** Set: clicking the map places the point (the business form). */
  onPick?: (point: { lat: number; lng: number }) => void;
  className?: string;
}

/** Bishkek: where a map without a point starts. */
const bishkek: L.LatLngTuple = [42.8746, 74.5698];

export function BusinessMap({ point, tiles, label, onPick, className }: BusinessMapProps) {
  const element = useRef<HTMLElement>(null);
  const map = useRef<L.Map | null>(null);
  const marker = useRef<L.CircleMarker | null>(null);
  const pick = useRef(onPick);
  pick.current = onPick;

  // biome-ignore lint/correctness/useExhaustiveDependencies: the map is made once; the point follows below.
  useEffect(() => {
    if (!element.current) return;
    const { south, west, north, east } = kyrgyzstanBounds;
    const created = L.map(element.current, {
      center: point ? [point.lat, point.lng] : bishkek,
      zoom: point ? 16 : 12,
      maxBounds: L.latLngBounds([south - 1, west - 1], [north + 1, east + 1]),
      scrollWheelZoom: false,
    });
    L.tileLayer(tiles.url, { attribution: tiles.attribution, maxZoom: 19 }).addTo(created);
    created.on("click", (event: L.LeafletMouseEvent) => {
      pick.current?.({
        lat: Math.round(event.latlng.lat * 1e6) / 1e6,
        lng: Math.round(event.latlng.lng * 1e6) / 1e6,
      });
    });
    map.current = created;
    return () => {
      created.remove();
      map.current = null;
      marker.current = null;
    };
  }, [tiles.url, tiles.attribution]);

  useEffect(() => {
    const current = map.current;
    if (!current) return;
    if (!point) {
      marker.current?.remove();
      marker.current = null;
      return;
    }
    const at: L.LatLngTuple = [point.lat, point.lng];
    if (marker.current) marker.current.setLatLng(at);
    else {
      marker.current = L.circleMarker(at, {
        radius: 10,
        color: "#0ca678",
        weight: 3,
        fillColor: "#20c997",
        fillOpacity: 0.8,
      }).addTo(current);
    }
    if (!current.getBounds().contains(at)) current.setView(at, Math.max(current.getZoom(), 14));
  }, [point]);

  return <section ref={element} className={className} aria-label={label} data-testid="business-map" />;
}
