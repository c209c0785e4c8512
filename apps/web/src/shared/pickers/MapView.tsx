import { useEffect } from 'react';
import { CircleMarker, MapContainer, TileLayer, useMap, useMapEvents } from 'react-leaflet';
import 'leaflet/dist/leaflet.css';
import { MAP_ATTRIBUTION, MAP_DEFAULT_ZOOM, MAP_TILE_URL, mapCenter } from './map';

function ClickToLock({ onPick }: { onPick: (lat: number, lng: number) => void }) {
  useMapEvents({ click: (e) => onPick(e.latlng.lat, e.latlng.lng) });
  return null;
}

/** The dialog's opening animation can leave Leaflet measuring a zero-sized box: measure again. */
function Resize() {
  const map = useMap();
  useEffect(() => {
    const timer = setTimeout(() => map.invalidateSize(), 300);
    return () => clearTimeout(timer);
  }, [map]);
  return null;
}

/** The clickable map of the address picker: centred on the locked location, else on the default centre. */
export default function MapView({
  location,
  onPick,
}: {
  location?: [number, number];
  onPick: (lat: number, lng: number) => void;
}) {
  return (
    <MapContainer center={location ?? mapCenter()} zoom={MAP_DEFAULT_ZOOM} style={{ height: '100%' }}>
      {MAP_TILE_URL && <TileLayer url={MAP_TILE_URL} attribution={MAP_ATTRIBUTION} />}
      <ClickToLock onPick={onPick} />
      <Resize />
      {location && (
        <CircleMarker
          center={location}
          radius={9}
          pathOptions={{ color: '#fff', weight: 3, fillColor: '#409EFF', fillOpacity: 1 }}
        />
      )}
    </MapContainer>
  );
}
